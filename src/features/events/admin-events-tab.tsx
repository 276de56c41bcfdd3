import { useCallback, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { GridItem } from "@patternfly/react-core/dist/esm/layouts/Grid/index.js";
import type AdminEventRepresentation from "@keycloak/keycloak-admin-client/lib/defs/adminEventRepresentation.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import type { TableColumn } from "../../core/ui/table/index.ts";
import { AuthDialog, RepresentationDialog } from "./admin-event-dialogs.tsx";
import { formatEventTime } from "./event-time.ts";
import type { ExportColumn } from "./export/export-events.ts";
import { EventsTab } from "./events-tab.tsx";
import {
  fetchAdminEvents,
  fetchUsernames,
  readAdminEventSearch,
  usernameCache,
  type AdminEventSearch,
  type UsernameCache,
} from "./queries.ts";
import { SearchChoicesField, SearchTextField } from "./search-fields.tsx";

export type AdminEventRow = AdminEventRepresentation & {
  id?: string;
  username?: string | null;
  authRealmName?: string;
};

const ADMIN_EVENT_EXPORT: ExportColumn<AdminEventRow>[] = [
  { header: "time", value: (row) => (row.time ? new Date(row.time).toISOString() : "") },
  { header: "operationType", value: (row) => row.operationType },
  { header: "resourceType", value: (row) => row.resourceType },
  { header: "resourcePath", value: (row) => row.resourcePath },
  { header: "username", value: (row) => row.username ?? "" },
  { header: "authRealm", value: (row) => row.authRealmName ?? row.authDetails?.realmId },
  { header: "authClient", value: (row) => row.authDetails?.clientId },
  { header: "authUser", value: (row) => row.authDetails?.userId },
  { header: "authIpAddress", value: (row) => row.authDetails?.ipAddress },
  { header: "error", value: (row) => row.error },
  { header: "representation", value: (row) => row.representation },
];

/** Admin events: a search kept in the address, a server-paged table, auth and representation dialogs. */
export function AdminEventsTab() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const usernames = useRef(new Map<string, UsernameCache>());
  const [dialog, setDialog] = useState<{ kind: "auth" | "representation"; event: AdminEventRow }>();
  // The acting administrators usually sign in to another realm (master): their names are read there.
  const realmNames = useQuery({
    queryKey: ["events", "realm-names-by-id"],
    queryFn: async () =>
      new Map(
        (await adminClient.realms.find({ briefRepresentation: true }).catch(() => [])).map((r) => [r.id!, r.realm!]),
      ),
    staleTime: Infinity,
  });

  const loadRows = useCallback(
    async (search: AdminEventSearch, first: number, max: number): Promise<AdminEventRow[]> => {
      const events = await fetchAdminEvents(adminClient, realm, search, first, max);
      const names = realmNames.data ?? new Map<string, string>();
      const byRealm = new Map<string, string[]>();
      for (const event of events) {
        const realmName = names.get(event.authDetails?.realmId ?? "") ?? realm;
        if (event.authDetails?.userId)
          byRealm.set(realmName, [...(byRealm.get(realmName) ?? []), event.authDetails.userId]);
      }
      await Promise.all(
        [...byRealm].map(async ([realmName, ids]) => {
          let cache = usernames.current.get(realmName);
          if (!cache) usernames.current.set(realmName, (cache = usernameCache()));
          await fetchUsernames(adminClient, realmName, ids, cache);
        }),
      );
      return events.map((event) => {
        const realmName = names.get(event.authDetails?.realmId ?? "") ?? realm;
        return {
          ...event,
          authRealmName: names.get(event.authDetails?.realmId ?? ""),
          username: usernames.current.get(realmName)?.names.get(event.authDetails?.userId ?? ""),
        };
      });
    },
    [adminClient, realm, realmNames.data],
  );
  const overviewPage = useCallback(
    async (search: AdminEventSearch, first: number, max: number) =>
      (await fetchAdminEvents(adminClient, realm, search, first, max)).map((event) => ({
        time: event.time,
        type: `${event.resourceType} ${event.operationType}`,
      })),
    [adminClient, realm],
  );
  const newestTime = useCallback(
    async (search: AdminEventSearch) => (await fetchAdminEvents(adminClient, realm, search, 0, 1))[0]?.time,
    [adminClient, realm],
  );

  const columns: TableColumn<AdminEventRow>[] = [
    { name: "time", title: t("time"), cell: (row) => formatEventTime(row.time) },
    { name: "resourcePath", title: t("resourcePath") },
    { name: "resourceType", title: t("resourceType") },
    { name: "operationType", title: t("operationType") },
    { name: "user", title: t("user"), cell: (row) => row.username ?? row.authDetails?.userId ?? "" },
  ];
  if (realmNames.isPending) return null;

  return (
    <EventsTab<AdminEventSearch, AdminEventRow>
      kind="admin"
      readSearch={readAdminEventSearch}
      emptySearch={{ resourceTypes: [], operationTypes: [] }}
      fields={(values, setValues) => <AdminEventSearchFields values={values} setValues={setValues} />}
      loadRows={loadRows}
      overviewPage={overviewPage}
      newestTime={newestTime}
      columns={columns}
      rowKey={(row) => row.id ?? `${row.time}-${row.resourcePath}`}
      rowActions={[
        { title: t("auth"), onAction: (event) => setDialog({ kind: "auth", event }) },
        { title: t("representation"), onAction: (event) => setDialog({ kind: "representation", event }) },
      ]}
      exportColumns={ADMIN_EVENT_EXPORT}
      savingOff={(config) => config.adminEventsEnabled === false}
      paused={dialog !== undefined}
    >
      {dialog?.kind === "auth" && <AuthDialog event={dialog.event} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === "representation" && (
        <RepresentationDialog event={dialog.event} onClose={() => setDialog(undefined)} />
      )}
    </EventsTab>
  );
}

function AdminEventSearchFields({
  values,
  setValues,
}: {
  values: AdminEventSearch;
  setValues(values: AdminEventSearch): void;
}) {
  const { t } = useMessages();
  const serverInfo = useServerInfo();
  const set = (field: keyof AdminEventSearch) => (value: string) => setValues({ ...values, [field]: value });
  return (
    <>
      <GridItem>
        <SearchChoicesField
          id="kc-admin-event-resource-types"
          label={t("resourceTypes")}
          choices={serverInfo.enums?.["resourceType"] ?? []}
          value={values.resourceTypes}
          onChange={(resourceTypes) => setValues({ ...values, resourceTypes })}
          placeholder={t("eventsAnyResourceType")}
        />
      </GridItem>
      <GridItem>
        <SearchChoicesField
          id="kc-admin-event-operation-types"
          label={t("operationTypes")}
          choices={serverInfo.enums?.["operationType"] ?? []}
          value={values.operationTypes}
          onChange={(operationTypes) => setValues({ ...values, operationTypes })}
          placeholder={t("eventsAnyOperationType")}
        />
      </GridItem>
      <GridItem>
        <SearchTextField
          id="kc-admin-event-path"
          label={t("resourcePath")}
          value={values.resourcePath}
          onChange={set("resourcePath")}
          help={t("eventsResourcePathHelp")}
        />
      </GridItem>
      {ADMIN_TEXT_FIELDS.map(([field, id, label, help]) => (
        <GridItem key={field}>
          <SearchTextField
            id={id}
            label={t(label)}
            value={values[field]}
            onChange={set(field)}
            help={help && t(help)}
          />
        </GridItem>
      ))}
      {ADMIN_DATE_FIELDS.map(([field, id, label]) => (
        <GridItem key={field}>
          <SearchTextField id={id} type="date" label={t(label)} value={values[field]} onChange={set(field)} />
        </GridItem>
      ))}
    </>
  );
}

const ADMIN_TEXT_FIELDS = [
  ["authRealm", "kc-admin-event-realm", "realm", undefined],
  ["authClient", "kc-admin-event-client", "client", undefined],
  ["authUser", "kc-admin-event-user", "user", "eventsUserHelp"],
  ["authIpAddress", "kc-admin-event-ip", "ipAddress", undefined],
] as const;
const ADMIN_DATE_FIELDS = [
  ["dateFrom", "kc-admin-event-from", "dateFrom"],
  ["dateTo", "kc-admin-event-to", "dateTo"],
] as const;
