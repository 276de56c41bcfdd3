import { useCallback, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Grid, GridItem } from "@patternfly/react-core/dist/esm/layouts/Grid/index.js";
import type AdminEventRepresentation from "@keycloak/keycloak-admin-client/lib/defs/adminEventRepresentation.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { DataTable, type TableColumn } from "../../core/ui/table/index.ts";
import { AuthDialog, RepresentationDialog } from "./admin-event-dialogs.tsx";
import { formatEventTime } from "./event-time.ts";
import { LazyEventsOverview as EventsOverview } from "./overview/lazy-overview.tsx";
import type { ExportColumn } from "./export/export-events.ts";
import { ExportToolbar } from "./export/export-toolbar.tsx";
import { toRealmEventSettings } from "./paths.ts";
import {
  fetchAdminEvents,
  fetchEventsConfig,
  fetchUsernames,
  readAdminEventSearch,
  searchParams,
  type AdminEventSearch,
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
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readAdminEventSearch(params), [params]);
  const usernames = useRef(new Map<string, string | null>());
  const [dialog, setDialog] = useState<{ kind: "auth" | "representation"; event: AdminEventRow }>();
  const config = useQuery({
    queryKey: ["events", realm, "config"],
    queryFn: () => fetchEventsConfig(adminClient, realm),
  });
  // The acting administrators usually sign in to another realm (master): their names are read there.
  const realmNames = useQuery({
    queryKey: ["events", "realm-names-by-id"],
    queryFn: async () =>
      new Map(
        (await adminClient.realms.find({ briefRepresentation: true }).catch(() => [])).map((r) => [r.id!, r.realm!]),
      ),
    staleTime: Infinity,
  });

  const loader = useCallback(
    async (first: number, max: number): Promise<AdminEventRow[]> => {
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
          const known = new Map<string, string | null>();
          for (const id of ids)
            if (usernames.current.has(`${realmName}/${id}`))
              known.set(id, usernames.current.get(`${realmName}/${id}`)!);
          await fetchUsernames(adminClient, realmName, ids, known);
          for (const [id, name] of known) usernames.current.set(`${realmName}/${id}`, name);
        }),
      );
      return events.map((event) => {
        const realmName = names.get(event.authDetails?.realmId ?? "") ?? realm;
        return {
          ...event,
          authRealmName: names.get(event.authDetails?.realmId ?? ""),
          username: usernames.current.get(`${realmName}/${event.authDetails?.userId}`),
        };
      });
    },
    [adminClient, realm, search, realmNames.data],
  );

  const columns: TableColumn<AdminEventRow>[] = [
    { name: "time", title: t("time"), cell: (row) => formatEventTime(row.time) },
    { name: "resourcePath", title: t("resourcePath") },
    { name: "resourceType", title: t("resourceType") },
    { name: "operationType", title: t("operationType") },
    { name: "user", title: t("user"), cell: (row) => row.username ?? row.authDetails?.userId ?? "" },
  ];
  const savingOff = config.data?.adminEventsEnabled === false;
  if (realmNames.isPending) return null;

  return (
    <>
      <AdminEventSearchForm
        key={`form-${params.toString()}`}
        initial={search}
        onSearch={(next) => setParams(searchParams(next))}
      />
      <EventsOverview
        searchKey={`admin:${realm}:${params.toString()}`}
        fetchPage={async (first, max) =>
          (await fetchAdminEvents(adminClient, realm, search, first, max)).map((event) => ({
            time: event.time,
            type: `${event.resourceType} ${event.operationType}`,
          }))
        }
      />
      <DataTable<AdminEventRow>
        key={`table-${params.toString()}`}
        isSearchable={false}
        tableId="admin-events"
        ariaLabel={t("adminEvents")}
        loader={loader}
        columns={columns}
        rowKey={(row) => row.id ?? `${row.time}-${row.resourcePath}`}
        rowActions={[
          { title: t("auth"), onAction: (event) => setDialog({ kind: "auth", event }) },
          { title: t("representation"), onAction: (event) => setDialog({ kind: "representation", event }) },
        ]}
        toolbarActions={() => (
          <ExportToolbar filename={`${realm}-admin-events`} columns={ADMIN_EVENT_EXPORT} fetchPage={loader} />
        )}
        isFiltered={params.size > 0}
        onClearFilters={() => setParams(new URLSearchParams())}
        emptyState={
          savingOff
            ? {
                title: t("savingAdminEventsOff"),
                message: t("eventsSavingOffText"),
                primaryAction: { title: t("eventsOpenSettings"), onClick: () => navigate(toRealmEventSettings(realm)) },
              }
            : { title: t("emptyAdminEvents"), message: t("emptyAdminEventsInstructions") }
        }
      />
      {dialog?.kind === "auth" && <AuthDialog event={dialog.event} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === "representation" && (
        <RepresentationDialog event={dialog.event} onClose={() => setDialog(undefined)} />
      )}
    </>
  );
}

function AdminEventSearchForm({
  initial,
  onSearch,
}: {
  initial: AdminEventSearch;
  onSearch(search: AdminEventSearch): void;
}) {
  const { t } = useMessages();
  const serverInfo = useServerInfo();
  const [values, setValues] = useState(initial);
  const set = (field: keyof AdminEventSearch) => (value: string) => setValues({ ...values, [field]: value });
  return (
    <Form
      aria-label={t("searchAdminEventsBtn")}
      className="kc-event-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(values);
      }}
    >
      <Grid hasGutter md={6} xl={4}>
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
        <GridItem>
          <SearchTextField
            id="kc-admin-event-realm"
            label={t("realm")}
            value={values.authRealm}
            onChange={set("authRealm")}
          />
        </GridItem>
        <GridItem>
          <SearchTextField
            id="kc-admin-event-client"
            label={t("client")}
            value={values.authClient}
            onChange={set("authClient")}
          />
        </GridItem>
        <GridItem>
          <SearchTextField
            id="kc-admin-event-user"
            label={t("user")}
            value={values.authUser}
            onChange={set("authUser")}
            help={t("eventsUserHelp")}
          />
        </GridItem>
        <GridItem>
          <SearchTextField
            id="kc-admin-event-ip"
            label={t("ipAddress")}
            value={values.authIpAddress}
            onChange={set("authIpAddress")}
          />
        </GridItem>
        <GridItem>
          <SearchTextField
            id="kc-admin-event-from"
            type="date"
            label={t("dateFrom")}
            value={values.dateFrom}
            onChange={set("dateFrom")}
          />
        </GridItem>
        <GridItem>
          <SearchTextField
            id="kc-admin-event-to"
            type="date"
            label={t("dateTo")}
            value={values.dateTo}
            onChange={set("dateTo")}
          />
        </GridItem>
      </Grid>
      <ActionGroup>
        <Button type="submit" variant="primary">
          {t("searchAdminEventsBtn")}
        </Button>
        <Button variant="link" onClick={() => onSearch({ resourceTypes: [], operationTypes: [] })}>
          {t("eventsClearSearch")}
        </Button>
      </ActionGroup>
    </Form>
  );
}
