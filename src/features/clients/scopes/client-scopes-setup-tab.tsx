import { useState } from "react";
import { Link } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { SingleSelect } from "../../../core/ui/overlays/index.ts";
import { DataTable, type TableColumn } from "../../../core/ui/table/index.ts";
import { AddClientScopeDialog } from "./add-client-scope-dialog.tsx";
import {
  addClientScopeLink,
  changeClientScopeType,
  clientScopeLinkKeys,
  fetchClientScopeLinks,
  removeClientScopeLink,
  type AssignedScope,
  type AssignedType,
} from "./client-scopes-queries.ts";
import { toClientScopeSettings, toDedicatedScope } from "../paths.ts";
import "./client-scopes-messages.ts";

type ScopeRow = AssignedScope & { isDedicated?: boolean };

/** `clients/:clientId/clientScopes/setup`: the dedicated scope, then the assigned default and optional scopes. */
export function ClientScopesSetupTab({ client, canManage }: { client: ClientRepresentation; canManage: boolean }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [isAdding, setAdding] = useState(false);
  const id = client.id!;
  const linksKey = clientScopeLinkKeys.assigned(realm, id);
  const links = useQuery({ queryKey: linksKey, queryFn: () => fetchClientScopeLinks(adminClient, realm, client) });
  const reload = () => queryClient.invalidateQueries({ queryKey: linksKey });
  const typeLabel = (type: AssignedType) => t(type === "default" ? "defaultLanguage" : "scopeTypeOptional");

  if (links.isPending) return <LoadingSpinner />;
  const dedicated: ScopeRow = {
    id: "dedicated",
    name: t("dedicatedScopeName", { clientName: client.clientId }),
    description: t("dedicatedScopeDescription"),
    type: "default",
    isDedicated: true,
  };
  const assigned = links.data?.assigned ?? [];

  const changeType = async (scope: AssignedScope, to: AssignedType) => {
    try {
      await changeClientScopeType(adminClient, realm, id, scope, to);
      alerts.addAlert(t("clientScopeSuccess"));
    } catch (error) {
      alerts.addError("clientScopeError", error);
    }
    await reload();
  };

  const remove = async (scope: AssignedScope) => {
    const confirmed = await confirm({
      title: t("deleteClientScope", { count: 1, name: scope.name }),
      children: t("deleteConfirmClientScopes"),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!confirmed) return;
    try {
      await removeClientScopeLink(adminClient, realm, id, scope.id, scope.type);
      alerts.addAlert(t("clientScopeRemoveSuccess"));
    } catch (error) {
      alerts.addError("clientScopeRemoveError", error);
    }
    await reload();
  };

  const add = async (scopeIds: string[], type: AssignedType) => {
    try {
      for (const scopeId of scopeIds) await addClientScopeLink(adminClient, realm, id, scopeId, type);
      alerts.addAlert(t("clientScopeSuccess"));
      setAdding(false);
    } catch (error) {
      alerts.addError("clientScopeError", error);
    }
    await reload();
  };

  const matching = (search: string): ScopeRow[] => {
    const needle = search.trim().toLowerCase();
    const rows = [dedicated, ...assigned];
    return needle ? rows.filter((row) => row.name.toLowerCase().includes(needle)) : rows;
  };

  const columns: TableColumn<ScopeRow>[] = [
    {
      name: "name",
      title: t("assignedClientScope"),
      width: 25,
      cell: (row) => (
        <Link to={row.isDedicated ? toDedicatedScope(realm, id) : toClientScopeSettings(realm, row.id)}>
          {row.name}
        </Link>
      ),
    },
    {
      name: "type",
      title: t("assignedType"),
      width: 20,
      cell: (row) =>
        row.isDedicated ? (
          ""
        ) : canManage ? (
          <div style={{ maxWidth: "10rem" }}>
            <SingleSelect
              aria-label={`${typeLabel(row.type)}, ${t("assignedTypeOf", { name: row.name })}`}
              value={row.type}
              options={(["default", "optional"] as const).map((type) => ({ value: type, label: typeLabel(type) }))}
              onChange={(chosen) => void changeType(row, chosen as AssignedType)}
            />
          </div>
        ) : (
          typeLabel(row.type)
        ),
    },
    { name: "description", title: t("description"), width: 40, cell: (row) => row.description ?? "" },
  ];

  return (
    <>
      <DataTable<ScopeRow>
        tableId="client-client-scopes"
        ariaLabel={t("clientScopes")}
        columns={columns}
        rowKey={(row) => row.id}
        refreshKey={links.dataUpdatedAt}
        // Keycloak lists a client's scopes unpaged; the table pages that list.
        loader={async (first, max, search) => matching(search).slice(first, first + max)}
        countLoader={async (search) => matching(search).length}
        searchPlaceholder={t("searchByName")}
        rowActions={
          canManage
            ? [
                {
                  title: t("remove"),
                  isDanger: true,
                  isDisabled: (row) => !!row.isDedicated,
                  onAction: (row) => remove(row),
                },
              ]
            : undefined
        }
        toolbarActions={() =>
          canManage && (
            <ToolbarItem>
              <Button variant="primary" onClick={() => setAdding(true)}>
                {t("addClientScope")}
              </Button>
            </ToolbarItem>
          )
        }
      />
      {isAdding && (
        <AddClientScopeDialog
          clientName={client.clientId ?? ""}
          scopes={links.data?.available ?? []}
          onAdd={add}
          onClose={() => setAdding(false)}
        />
      )}
      {dialog}
    </>
  );
}
