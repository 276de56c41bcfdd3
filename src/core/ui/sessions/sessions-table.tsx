import { useCallback, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../runtime/current-realm.tsx";
import { useAlerts } from "../alerts/alerts-context.tsx";
import { useConfirm } from "../dialogs/index.ts";
import { SingleSelect } from "../overlays/index.ts";
import { DataTable, type TableColumn, type TableToolbarContext } from "../table/index.ts";
import { endSession, sessionKey, type SessionLoader, type SessionRow, type SessionType } from "./session-row.ts";
import "./sessions-messages.ts";

export interface SessionsTableProps {
  /** Remembers the page size under this id. */
  tableId: string;
  loader: SessionLoader;
  /** Sign out / revoke per row and for the selected rows (manage-users). */
  canManage: boolean;
  /** Leaves out the user column (a user's own sessions tab). */
  hideUser?: boolean;
  /** Leaves out the type column and filter (lists of one type). */
  hideType?: boolean;
  /** Where a user's name and a client's name link to; plain text without. */
  userHref?: (userId: string) => string;
  clientHref?: (clientUuid: string) => string;
  emptyMessage: string;
  /** Change it to reload the page. */
  refreshKey?: unknown;
}

const TYPE_LABELS: Record<SessionType, string> = {
  ALL: "sessionsType.allSessions",
  REGULAR: "sessionsType.regularSSO",
  OFFLINE: "sessionsType.offline",
};

/** A PatternFly inline link button that navigates through the router (themed in light and dark). */
function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button variant="link" isInline component={(linkProps: object) => <Link {...linkProps} to={to} />}>
      {children}
    </Button>
  );
}

const formatTime = (time?: number) => (time ? new Date(time).toLocaleString() : "");

/**
 * The sessions table of the sessions page, a user's sessions tab and a
 * client's sessions tab: server-paged, searchable, filtered by type, with sign
 * out (regular) or revoke (offline) per row and for several selected rows.
 */
export function SessionsTable(props: SessionsTableProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const { confirm, dialog } = useConfirm();
  const [type, setType] = useState<SessionType>("ALL");
  const [reloads, setReloads] = useState(0);
  const { loader } = props;
  const load = useCallback(
    (first: number, max: number, search: string) => loader(first, max, search, type),
    [loader, type],
  );

  const clientNames = (row: SessionRow) => Object.values(row.clients ?? {}).join(", ");
  const endOne = async (row: SessionRow) => {
    const offline = row.type === "OFFLINE";
    const confirmed = await confirm({
      title: t(offline ? "sessionsRevokeTitle" : "sessionsSignOutTitle"),
      children: t(offline ? "sessionsRevokeText" : "sessionsSignOutText", {
        username: row.username,
        clients: clientNames(row) || "-",
      }),
      confirmLabel: t(offline ? "revoke" : "signOut"),
      variant: "destructive",
    });
    if (!confirmed) return;
    try {
      await endSession(adminClient, realm, row);
      alerts.addAlert(t("sessionsSignedOutOne"));
    } catch (error) {
      alerts.addError("sessionsSignOutError", error);
    }
    setReloads((n) => n + 1);
  };
  const endSelected = async ({ selected, refresh }: TableToolbarContext<SessionRow>) => {
    const confirmed = await confirm({
      title: t("sessionsSignOutSelectedTitle", { count: selected.length }),
      children: t("sessionsSignOutSelectedText"),
      confirmLabel: t("signOut"),
      variant: "destructive",
    });
    if (!confirmed) return;
    const results = await Promise.allSettled(selected.map((row) => endSession(adminClient, realm, row)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) alerts.addError("sessionsSignOutError", failed.reason);
    const done = results.filter((r) => r.status === "fulfilled").length;
    if (done) alerts.addAlert(t("sessionsSignedOutCount", { count: done }));
    refresh();
  };

  const columns: TableColumn<SessionRow>[] = [
    ...(props.hideUser
      ? []
      : [
          {
            name: "username",
            title: t("user"),
            cell: (row: SessionRow) =>
              props.userHref && row.userId ? (
                <RouterLink to={props.userHref(row.userId)}>{row.username}</RouterLink>
              ) : (
                row.username
              ),
          },
        ]),
    ...(props.hideType
      ? []
      : [
          {
            name: "type",
            title: t("type"),
            cell: (row: SessionRow) => t(row.type === "OFFLINE" ? "sessionsType.offline" : "sessionsType.regularSSO"),
          },
        ]),
    { name: "start", title: t("started"), cell: (row) => formatTime(row.start) },
    { name: "lastAccess", title: t("lastAccess"), cell: (row) => formatTime(row.lastAccess) },
    { name: "ipAddress", title: t("ipAddress") },
    {
      name: "clients",
      title: t("clients"),
      cell: (row) => (
        <span className="kc-session-clients">
          {Object.entries(row.clients ?? {}).map(([uuid, clientId], index) => (
            <span key={uuid}>
              {index > 0 && ", "}
              {props.clientHref ? <RouterLink to={props.clientHref(uuid)}>{clientId}</RouterLink> : clientId}
            </span>
          ))}
        </span>
      ),
    },
    ...(props.canManage
      ? [
          {
            name: "end",
            title: t("tableRowActions"),
            cell: (row: SessionRow) => (
              <Button
                variant="link"
                isInline
                isDanger
                aria-label={`${t(row.type === "OFFLINE" ? "revoke" : "signOut")} ${row.username ?? ""} ${formatTime(row.start)}`}
                onClick={() => void endOne(row)}
              >
                {t(row.type === "OFFLINE" ? "revoke" : "signOut")}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <DataTable<SessionRow>
        tableId={props.tableId}
        ariaLabel={t("sessions")}
        loader={load}
        columns={columns}
        rowKey={sessionKey}
        canSelect={props.canManage}
        isSearchable
        searchPlaceholder={t("searchForSession")}
        refreshKey={`${type}:${reloads}:${String(props.refreshKey ?? "")}`}
        emptyState={{ title: t("noSessions"), message: props.emptyMessage }}
        isFiltered={type !== "ALL"}
        onClearFilters={() => setType("ALL")}
        toolbarActions={(context) => (
          <>
            {!props.hideType && (
              <ToolbarItem>
                <SingleSelect
                  aria-label={t("sessionsTypeFilter", { type: t(TYPE_LABELS[type]) })}
                  value={type}
                  onChange={(value) => setType(value as SessionType)}
                  options={[
                    { value: "ALL", label: t("sessionsType.allSessions") },
                    { value: "REGULAR", label: t("sessionsType.regularSSO") },
                    { value: "OFFLINE", label: t("sessionsType.offline") },
                  ]}
                />
              </ToolbarItem>
            )}
            {props.canManage && (
              <ToolbarItem>
                <Button
                  variant="secondary"
                  isDanger
                  isDisabled={context.selected.length === 0}
                  onClick={() => void endSelected(context)}
                >
                  {t("sessionsSignOutSelected")}
                </Button>
              </ToolbarItem>
            )}
          </>
        )}
      />
      {dialog}
    </>
  );
}
