import { useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import type ClientInitialAccessPresentation from "@keycloak/keycloak-admin-client/lib/defs/clientInitialAccessPresentation.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { DataTable, type TableColumn, type TableRowAction } from "../../../core/ui/table/index.ts";
import { toCreateInitialAccessToken } from "../paths.ts";
import "../list/client-list-tabs-messages.ts";

const formatSeconds = (seconds: number) => new Date(seconds * 1000).toLocaleString();

/** `clients/initial-access-token`: the realm's live initial access tokens; delete after a confirmation. */
export function InitialAccessTokensTab() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const canManage = useAccess().hasAccess("manage-clients");

  const columns: TableColumn<ClientInitialAccessPresentation>[] = [
    { name: "id", title: t("id"), cell: (token) => token.id },
    { name: "timestamp", title: t("created"), cell: (token) => formatSeconds(token.timestamp ?? 0) },
    {
      name: "expires",
      title: t("expires"),
      cell: (token) => (token.expiration ? formatSeconds((token.timestamp ?? 0) + token.expiration) : t("never")),
    },
    { name: "count", title: t("count"), cell: (token) => String(token.count ?? "") },
    { name: "remainingCount", title: t("remainingCount"), cell: (token) => String(token.remainingCount ?? "") },
  ];

  const remove = async (token: ClientInitialAccessPresentation, refresh: () => void) => {
    const isConfirmed = await confirm({
      title: t("tokenDeleteConfirmTitle"),
      children: t("tokenDeleteConfirm", { id: token.id }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!isConfirmed) return;
    try {
      await adminClient.realms.delClientsInitialAccess({ realm, id: token.id! });
      alerts.addAlert(t("tokenDeleteSuccess"));
      refresh();
    } catch (error) {
      alerts.addError("tokenDeleteError", error);
    }
  };
  const rowActions: TableRowAction<ClientInitialAccessPresentation>[] = canManage
    ? [{ title: t("delete"), isDanger: true, onAction: remove }]
    : [];

  const create = () => navigate(toCreateInitialAccessToken(realm));
  return (
    <>
      <DataTable<ClientInitialAccessPresentation>
        tableId="initial-access-tokens"
        ariaLabel={t("initialAccessToken")}
        columns={columns}
        rowKey={(token) => token.id!}
        isSearchable={false}
        loader={async (first, max) => {
          const tokens = await adminClient.realms.getClientsInitialAccess({ realm });
          return tokens.sort((a, b) => (b.timestamp ?? 0) - (a.timestamp ?? 0)).slice(first, first + max);
        }}
        rowActions={rowActions}
        emptyState={{
          title: t("noTokens"),
          message: t("noTokensInstructions"),
          primaryAction: canManage ? { title: t("create"), onClick: create } : undefined,
        }}
        toolbarActions={() =>
          canManage && (
            <ToolbarItem>
              <Button onClick={create}>{t("create")}</Button>
            </ToolbarItem>
          )
        }
      />
      {dialog}
    </>
  );
}
