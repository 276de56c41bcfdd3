import { useCallback, useMemo, useState, type ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Grid } from "@patternfly/react-core/dist/esm/layouts/Grid/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import type { RealmEventsConfigRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/realmEventsConfigRepresentation.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { DataTable, type TableColumn, type TableRowAction } from "../../core/ui/table/index.ts";
import { LazyEventsOverview as EventsOverview } from "./overview/lazy-overview.tsx";
import type { ExportColumn } from "./export/export-events.ts";
import { ExportToolbar } from "./export/export-toolbar.tsx";
import { toRealmEventSettings } from "./paths.ts";
import { fetchEventsConfig, searchParams } from "./queries.ts";
import { useLiveEvents, type LiveEvents } from "./use-live-events.ts";

/** What tells the user-events tab from the admin-events tab. */
export interface EventsTabProps<S, Row> {
  kind: "user" | "admin";
  /** The search as the address holds it, and the search the clear button sets. */
  readSearch(params: URLSearchParams): S;
  emptySearch: S;
  /** The search form's fields (grid items). */
  fields(values: S, setValues: (values: S) => void): ReactNode;
  /** One page of rows, usernames resolved. */
  loadRows(search: S, first: number, max: number): Promise<Row[]>;
  /** One page of the matching events for the overview: time and the series (type) each counts in. */
  overviewPage(search: S, first: number, max: number): Promise<{ time?: number; type?: string }[]>;
  /** The newest matching event's time (live updates). */
  newestTime(search: S): Promise<number | undefined>;
  columns: TableColumn<Row>[];
  rowKey(row: Row): string;
  rowActions?: TableRowAction<Row>[];
  loadDetail?(row: Row, live: LiveEvents): Promise<ReactNode>;
  exportColumns: ExportColumn<Row>[];
  /** Whether the realm does not save this kind of event. */
  savingOff(config: RealmEventsConfigRepresentation): boolean;
  /** Live updates pause while this is true (a dialog is open). */
  paused?: boolean;
  /** Rendered after the table (dialogs). */
  children?: ReactNode;
}

const TEXTS = {
  user: {
    search: "searchUserEventsBtn",
    table: "userEvents",
    savingOff: "savingUserEventsOff",
    empty: "emptyUserEvents",
    emptyText: "emptyUserEventsInstructions",
  },
  admin: {
    search: "searchAdminEventsBtn",
    table: "adminEvents",
    savingOff: "savingAdminEventsOff",
    empty: "emptyAdminEvents",
    emptyText: "emptyAdminEventsInstructions",
  },
} as const;

/**
 * One events tab: a search kept in the address, the overview chart, a server-paged table with live updates and
 * an export of every page, and the empty state that says when the realm does not save these events.
 */
export function EventsTab<S extends object, Row extends object>(props: EventsTabProps<S, Row>) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { kind, readSearch, loadRows, overviewPage, newestTime } = props;
  const texts = TEXTS[kind];
  const search = useMemo(() => readSearch(params), [params, readSearch]);
  const config = useQuery({
    queryKey: ["events", realm, "config"],
    queryFn: () => fetchEventsConfig(adminClient, realm),
  });
  const loader = useCallback((first: number, max: number) => loadRows(search, first, max), [loadRows, search]);
  const live = useLiveEvents(() => newestTime(search), props.paused);
  const savingOff = config.data ? props.savingOff(config.data) : false;

  return (
    <>
      <EventSearchForm
        key={`form-${params.toString()}`}
        label={t(texts.search)}
        initial={search}
        emptySearch={props.emptySearch}
        fields={props.fields}
        onSearch={(next) => setParams(searchParams(next))}
      />
      <EventsOverview
        searchKey={`${kind}:${realm}:${params.toString()}`}
        fetchPage={(first, max) => overviewPage(search, first, max)}
      />
      <DataTable<Row>
        key={`table-${params.toString()}`}
        isSearchable={false}
        tableId={`${kind}-events`}
        ariaLabel={t(texts.table)}
        loader={loader}
        columns={props.columns}
        rowKey={props.rowKey}
        rowActions={props.rowActions}
        loadDetail={props.loadDetail && ((row) => props.loadDetail!(row, live))}
        refreshKey={live.reloadKey}
        toolbarActions={() => (
          <>
            <ToolbarItem alignSelf="center">
              <Switch
                id={`kc-${kind}-events-live`}
                label={t("eventsLive")}
                isChecked={live.isLive}
                onChange={(_event, on) => live.setLive(on)}
              />
            </ToolbarItem>
            <ExportToolbar filename={`${realm}-${kind}-events`} columns={props.exportColumns} fetchPage={loader} />
          </>
        )}
        isFiltered={params.size > 0}
        onClearFilters={() => setParams(new URLSearchParams())}
        emptyState={
          savingOff
            ? {
                title: t(texts.savingOff),
                message: t("eventsSavingOffText"),
                primaryAction: { title: t("eventsOpenSettings"), onClick: () => navigate(toRealmEventSettings(realm)) },
              }
            : { title: t(texts.empty), message: t(texts.emptyText) }
        }
      />
      {props.children}
    </>
  );
}

interface EventSearchFormProps<S> {
  label: string;
  initial: S;
  emptySearch: S;
  fields(values: S, setValues: (values: S) => void): ReactNode;
  onSearch(search: S): void;
}

function EventSearchForm<S>({ label, initial, emptySearch, fields, onSearch }: EventSearchFormProps<S>) {
  const { t } = useMessages();
  const [values, setValues] = useState(initial);
  return (
    <Form
      aria-label={label}
      className="kc-event-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(values);
      }}
    >
      <Grid hasGutter md={6} xl={4}>
        {fields(values, setValues)}
      </Grid>
      <ActionGroup>
        <Button type="submit" variant="primary">
          {label}
        </Button>
        <Button variant="link" onClick={() => onSearch(emptySearch)}>
          {t("eventsClearSearch")}
        </Button>
      </ActionGroup>
    </Form>
  );
}
