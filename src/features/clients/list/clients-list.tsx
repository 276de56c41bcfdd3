import { Link, useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { DataTable, type TableColumn, type TableRowAction } from "../../../core/ui/table/index.ts";
import { displayText } from "../../../core/ui/text/display-text.ts";
import { clientLabel } from "./client-labels.ts";
import { isWebUrl, protocolLabelKey } from "../client-protocol.ts";
import { fetchClientPage } from "../client-queries.ts";
import { toAddClient, toClient, toImportClient } from "../paths.ts";
import { useClientActions } from "../details/use-client-actions.tsx";
import "../messages.ts";

/** The clients of the realm, searched by client ID on the server; export and delete per row. */
export function ClientsList() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const navigate = useNavigate();
  const { exportToFile, remove, dialog } = useClientActions();
  // Creating needs manage on every client (the role, or admin permissions v2 on all clients); a row's delete, the
  // server's own answer for that client (`access`, as Keycloak lists it).
  const canManage = access.hasAccess("manage-clients") || access.grantedOnEvery("Clients", "manage");
  const mayManage = (client: ClientRepresentation) =>
    client.access ? client.access.manage === true : access.hasAccess("manage-clients");

  const columns: TableColumn<ClientRepresentation>[] = [
    {
      name: "clientId",
      title: t("clientId"),
      width: 20,
      cell: (client) => <Link to={toClient(realm, client.id!)}>{client.clientId}</Link>,
    },
    { name: "name", title: t("clientName"), width: 20, cell: (client) => clientLabel(t, displayText(client.name)) },
    { name: "type", title: t("type"), width: 15, cell: (client) => t(protocolLabelKey(client)) },
    {
      name: "description",
      title: t("description"),
      width: 25,
      cell: (client) => clientLabel(t, displayText(client.description)),
    },
    {
      name: "homeUrl",
      title: t("homeURL"),
      width: 20,
      cell: (client) =>
        isWebUrl(client.baseUrl) ? (
          <a href={client.baseUrl} target="_blank" rel="noopener noreferrer">
            {client.baseUrl}
          </a>
        ) : (
          (client.baseUrl ?? "")
        ),
    },
  ];

  const rowActions: TableRowAction<ClientRepresentation>[] = [
    { title: t("export"), onAction: exportToFile },
    {
      title: t("delete"),
      isDanger: true,
      isHidden: (client) => !mayManage(client),
      onAction: async (client, refresh) => {
        if (await remove(client)) refresh();
      },
    },
  ];

  return (
    <>
      <DataTable<ClientRepresentation>
        tableId="clients"
        ariaLabel={t("clientsList")}
        columns={columns}
        rowKey={(client) => client.id!}
        loader={(first, max, search) => fetchClientPage(adminClient, realm, search, first, max)}
        searchPlaceholder={t("searchForClient")}
        rowActions={rowActions}
        emptyState={{
          title: t("clientsEmptyTitle"),
          message: t("clientsEmptyInstructions"),
          primaryAction: canManage
            ? { title: t("createClient"), onClick: () => navigate(toAddClient(realm)) }
            : undefined,
        }}
        toolbarActions={() =>
          canManage && (
            <>
              <ToolbarItem>
                <Button variant="primary" onClick={() => navigate(toAddClient(realm))}>
                  {t("createClient")}
                </Button>
              </ToolbarItem>
              <ToolbarItem>
                <Button variant="link" onClick={() => navigate(toImportClient(realm))}>
                  {t("importClient")}
                </Button>
              </ToolbarItem>
            </>
          )
        }
      />
      {dialog}
    </>
  );
}
