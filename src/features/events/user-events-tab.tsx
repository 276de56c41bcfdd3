import { useCallback, useEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { GridItem } from "@patternfly/react-core/dist/esm/layouts/Grid/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import type EventRepresentation from "@keycloak/keycloak-admin-client/lib/defs/eventRepresentation.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import type { TableColumn } from "../../core/ui/table/index.ts";
import { formatEventTime } from "./event-time.ts";
import type { ExportColumn } from "./export/export-events.ts";
import { EventsTab } from "./events-tab.tsx";
import { toUserSettings } from "./paths.ts";
import {
  fetchUserEvents,
  fetchUsernames,
  readUserEventSearch,
  usernameCache,
  type UserEventSearch,
} from "./queries.ts";
import { SearchChoicesField, SearchTextField } from "./search-fields.tsx";

export type UserEventRow = EventRepresentation & { id?: string; username?: string | null };

const USER_EVENT_EXPORT: ExportColumn<UserEventRow>[] = [
  { header: "time", value: (row) => (row.time ? new Date(row.time).toISOString() : "") },
  { header: "type", value: (row) => row.type },
  { header: "username", value: (row) => row.username ?? "" },
  { header: "userId", value: (row) => row.userId },
  { header: "clientId", value: (row) => row.clientId },
  { header: "ipAddress", value: (row) => row.ipAddress },
  { header: "sessionId", value: (row) => row.sessionId },
  { header: "error", value: (row) => row.error },
  { header: "details", value: (row) => (row.details ? JSON.stringify(row.details) : "") },
];

/** User events: a search kept in the address, a server-paged table with usernames and expandable details. */
export function UserEventsTab() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const serverInfo = useServerInfo();
  const usernames = useRef(usernameCache());

  const loadRows = useCallback(
    async (search: UserEventSearch, first: number, max: number): Promise<UserEventRow[]> => {
      const events = await fetchUserEvents(adminClient, realm, search, first, max);
      await fetchUsernames(
        adminClient,
        realm,
        events.flatMap((event) => (event.userId ? [event.userId] : [])),
        usernames.current,
      );
      return events.map((event) => ({
        ...event,
        username: event.userId ? usernames.current.names.get(event.userId) : undefined,
      }));
    },
    [adminClient, realm],
  );
  const overviewPage = useCallback(
    (search: UserEventSearch, first: number, max: number) => fetchUserEvents(adminClient, realm, search, first, max),
    [adminClient, realm],
  );
  const newestTime = useCallback(
    async (search: UserEventSearch) => (await fetchUserEvents(adminClient, realm, search, 0, 1))[0]?.time,
    [adminClient, realm],
  );

  const columns: TableColumn<UserEventRow>[] = [
    { name: "time", title: t("time"), cell: (row) => formatEventTime(row.time) },
    {
      name: "user",
      title: t("user"),
      cell: (row) =>
        !row.userId ? (
          t("unknownUser")
        ) : row.username ? (
          <Button
            variant="link"
            isInline
            component={(props: object) => <Link {...props} to={toUserSettings(realm, row.userId!)} />}
          >
            {row.username}
          </Button>
        ) : (
          row.userId
        ),
    },
    { name: "type", title: t("ssfEmitEventType") },
    { name: "ipAddress", title: t("ipAddress") },
    { name: "clientId", title: t("client") },
  ];

  return (
    <EventsTab<UserEventSearch, UserEventRow>
      kind="user"
      readSearch={readUserEventSearch}
      emptySearch={{ type: [] }}
      fields={(values, setValues) => (
        <UserEventSearchFields
          values={values}
          setValues={setValues}
          eventTypes={serverInfo.enums?.["eventType"] ?? []}
        />
      )}
      loadRows={loadRows}
      overviewPage={overviewPage}
      newestTime={newestTime}
      columns={columns}
      rowKey={(row) => row.id ?? `${row.time}-${row.type}-${row.userId}`}
      loadDetail={async (row, live) => (
        <EventDetails event={row} onOpen={live.readingStarted} onClose={live.readingEnded} />
      )}
      exportColumns={USER_EVENT_EXPORT}
      savingOff={(config) => config.eventsEnabled === false}
    />
  );
}

/** An event's details (and error) as a two-column table. */
function EventDetails({ event, onOpen, onClose }: { event: UserEventRow; onOpen(): void; onClose(): void }) {
  const { t } = useMessages();
  useEffect(() => {
    onOpen();
    return onClose;
  }, [onOpen, onClose]);
  const entries = Object.entries({ ...(event.error ? { error: event.error } : {}), ...event.details });
  if (entries.length === 0) return <>{t("eventsNoDetails")}</>;
  return (
    <Table variant="compact" aria-label={t("details")} borders={false}>
      <Thead>
        <Tr>
          <Th>{t("name")}</Th>
          <Th>{t("value")}</Th>
        </Tr>
      </Thead>
      <Tbody>
        {entries.map(([key, value]) => (
          <Tr key={key}>
            <Td dataLabel={t("name")}>{key}</Td>
            <Td dataLabel={t("value")}>
              <bdi>{String(value)}</bdi>
            </Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}

interface SearchFieldsProps {
  values: UserEventSearch;
  setValues(values: UserEventSearch): void;
  eventTypes: string[];
}

function UserEventSearchFields({ values, setValues, eventTypes }: SearchFieldsProps) {
  const { t } = useMessages();
  const set = (field: keyof UserEventSearch) => (value: string) => setValues({ ...values, [field]: value });
  return (
    <>
      <GridItem>
        <SearchTextField
          id="kc-event-user"
          label={t("user")}
          value={values.user}
          onChange={set("user")}
          help={t("eventsUserHelp")}
        />
      </GridItem>
      <GridItem>
        <SearchChoicesField
          id="kc-event-types"
          label={t("ssfEmitEventType")}
          choices={eventTypes}
          value={values.type}
          onChange={(type) => setValues({ ...values, type })}
          placeholder={t("eventsAnyType")}
        />
      </GridItem>
      <GridItem>
        <SearchTextField id="kc-event-client" label={t("client")} value={values.client} onChange={set("client")} />
      </GridItem>
      <GridItem>
        <SearchTextField
          id="kc-event-from"
          type="date"
          label={t("dateFrom")}
          value={values.dateFrom}
          onChange={set("dateFrom")}
        />
      </GridItem>
      <GridItem>
        <SearchTextField
          id="kc-event-to"
          type="date"
          label={t("dateTo")}
          value={values.dateTo}
          onChange={set("dateTo")}
        />
      </GridItem>
      <GridItem>
        <SearchTextField id="kc-event-ip" label={t("ipAddress")} value={values.ipAddress} onChange={set("ipAddress")} />
      </GridItem>
    </>
  );
}
