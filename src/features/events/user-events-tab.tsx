import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Grid, GridItem } from "@patternfly/react-core/dist/esm/layouts/Grid/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import type EventRepresentation from "@keycloak/keycloak-admin-client/lib/defs/eventRepresentation.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { DataTable, type TableColumn } from "../../core/ui/table/index.ts";
import { formatEventTime } from "./event-time.ts";
import { LazyEventsOverview as EventsOverview } from "./overview/lazy-overview.tsx";
import type { ExportColumn } from "./export/export-events.ts";
import { ExportToolbar } from "./export/export-toolbar.tsx";
import { toRealmEventSettings, toUserSettings } from "./paths.ts";
import {
  fetchEventsConfig,
  fetchUserEvents,
  fetchUsernames,
  readUserEventSearch,
  searchParams,
  type UserEventSearch,
} from "./queries.ts";
import { SearchChoicesField, SearchTextField } from "./search-fields.tsx";
import { useLiveEvents } from "./use-live-events.ts";

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
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readUserEventSearch(params), [params]);
  const usernames = useRef(new Map<string, string | null>());
  const config = useQuery({
    queryKey: ["events", realm, "config"],
    queryFn: () => fetchEventsConfig(adminClient, realm),
  });

  const loader = useCallback(
    async (first: number, max: number): Promise<UserEventRow[]> => {
      const events = await fetchUserEvents(adminClient, realm, search, first, max);
      await fetchUsernames(
        adminClient,
        realm,
        events.flatMap((event) => (event.userId ? [event.userId] : [])),
        usernames.current,
      );
      return events.map((event) => ({
        ...event,
        username: event.userId ? usernames.current.get(event.userId) : undefined,
      }));
    },
    [adminClient, realm, search],
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
  const savingOff = config.data?.eventsEnabled === false;
  const live = useLiveEvents(async () => (await fetchUserEvents(adminClient, realm, search, 0, 1))[0]?.time);

  return (
    <>
      <UserEventSearchForm
        key={`form-${params.toString()}`}
        initial={search}
        onSearch={(next) => setParams(searchParams(next))}
      />
      <EventsOverview
        searchKey={`user:${realm}:${params.toString()}`}
        fetchPage={(first, max) => fetchUserEvents(adminClient, realm, search, first, max)}
      />
      <DataTable<UserEventRow>
        key={`table-${params.toString()}`}
        isSearchable={false}
        tableId="user-events"
        ariaLabel={t("userEvents")}
        loader={loader}
        columns={columns}
        rowKey={(row) => row.id ?? `${row.time}-${row.type}-${row.userId}`}
        loadDetail={async (row) => (
          <EventDetails event={row} onOpen={live.readingStarted} onClose={live.readingEnded} />
        )}
        refreshKey={live.reloadKey}
        toolbarActions={() => (
          <>
            <ToolbarItem alignSelf="center">
              <Switch
                id="kc-user-events-live"
                label={t("eventsLive")}
                isChecked={live.isLive}
                onChange={(_event, on) => live.setLive(on)}
              />
            </ToolbarItem>
            <ExportToolbar filename={`${realm}-user-events`} columns={USER_EVENT_EXPORT} fetchPage={loader} />
          </>
        )}
        isFiltered={params.size > 0}
        onClearFilters={() => setParams(new URLSearchParams())}
        emptyState={
          savingOff
            ? {
                title: t("savingUserEventsOff"),
                message: t("eventsSavingOffText"),
                primaryAction: { title: t("eventsOpenSettings"), onClick: () => navigate(toRealmEventSettings(realm)) },
              }
            : { title: t("emptyUserEvents"), message: t("emptyUserEventsInstructions") }
        }
      />
    </>
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

function UserEventSearchForm({
  initial,
  onSearch,
}: {
  initial: UserEventSearch;
  onSearch(search: UserEventSearch): void;
}) {
  const { t } = useMessages();
  const serverInfo = useServerInfo();
  const [values, setValues] = useState(initial);
  const set = (field: keyof UserEventSearch) => (value: string) => setValues({ ...values, [field]: value });
  const eventTypes = serverInfo.enums?.["eventType"] ?? [];
  return (
    <Form
      aria-label={t("searchUserEventsBtn")}
      className="kc-event-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(values);
      }}
    >
      <Grid hasGutter md={6} xl={4}>
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
          <SearchTextField
            id="kc-event-ip"
            label={t("ipAddress")}
            value={values.ipAddress}
            onChange={set("ipAddress")}
          />
        </GridItem>
      </Grid>
      <ActionGroup>
        <Button type="submit" variant="primary">
          {t("searchUserEventsBtn")}
        </Button>
        <Button variant="link" onClick={() => onSearch({ type: [] })}>
          {t("eventsClearSearch")}
        </Button>
      </ActionGroup>
    </Form>
  );
}
