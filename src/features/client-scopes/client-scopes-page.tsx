import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { SingleSelect } from "../../core/ui/overlays/index.ts";
import { DataTable, type TableColumn, type TableRowAction } from "../../core/ui/table/index.ts";
import { ATTRIBUTE, PROTOCOLS, type ScopeType, type TypedClientScope } from "./client-scope-model.ts";
import {
  changeScopeType,
  clientScopeKeys,
  deleteClientScope,
  fetchTypedScopes,
  pageOfScopes,
} from "./client-scope-queries.ts";
import { toClientScope, toNewClientScope } from "./paths.ts";
import { protocolLabel, scopeTypeLabel } from "./scope-labels.ts";
import { ScopeTypeSelect } from "./scope-type-select.tsx";
import "./messages.ts";

/**
 * `/:realm/client-scopes`: every scope with its assigned type (changed inline), protocol, display order
 * and description; search by name, protocol filter, create, delete.
 */
export default function ClientScopesPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [protocol, setProtocol] = useState("");
  const [reloads, setReloads] = useState(0);
  const canManage = access.hasAccess("manage-clients");

  // Keycloak answers every client scope at once: the table pages and filters this one fetched list.
  const loadScopes = () =>
    queryClient.fetchQuery({
      queryKey: clientScopeKeys.list(realm),
      queryFn: () => fetchTypedScopes(adminClient, realm),
      staleTime: 5_000,
    });
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: clientScopeKeys.all(realm) });
    setReloads((count) => count + 1);
  };

  const changeType = async (scope: TypedClientScope, type: ScopeType) => {
    try {
      await changeScopeType(adminClient, realm, scope.id!, scope.type, type);
      alerts.addAlert(t("clientScopeTypeChanged", { name: scope.name, type: scopeTypeLabel(t, type) }));
    } catch (error) {
      alerts.addError("clientScopeTypeError", error);
    }
    await reload();
  };

  const remove = async (scope: TypedClientScope) => {
    const confirmed = await confirm({
      title: t("deleteClientScope", { count: 1, name: scope.name }),
      children: t("deleteConfirmClientScopes"),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!confirmed) return;
    try {
      await deleteClientScope(adminClient, realm, scope.id!);
      alerts.addAlert(t("deletedSuccessClientScope"));
    } catch (error) {
      alerts.addError("deletedErrorClientScope", error);
    }
    await reload();
  };

  const columns: TableColumn<TypedClientScope>[] = [
    {
      name: "name",
      title: t("name"),
      width: 20,
      cell: (scope) => <Link to={toClientScope(realm, scope.id!)}>{scope.name}</Link>,
    },
    {
      name: "type",
      title: t("assignedType"),
      width: 15,
      cell: (scope) =>
        canManage ? (
          <ScopeTypeSelect
            scopeName={scope.name ?? ""}
            value={scope.type}
            onChange={(type) => changeType(scope, type)}
          />
        ) : (
          scopeTypeLabel(t, scope.type)
        ),
    },
    { name: "protocol", title: t("protocol"), width: 15, cell: (scope) => protocolLabel(t, scope.protocol) },
    {
      name: "displayOrder",
      title: t("displayOrder"),
      width: 15,
      cell: (scope) => scope.attributes?.[ATTRIBUTE.guiOrder] ?? "",
    },
    { name: "description", title: t("description"), width: 35, cell: (scope) => scope.description ?? "" },
  ];

  const rowActions: TableRowAction<TypedClientScope>[] | undefined = canManage
    ? [{ title: t("delete"), onAction: (scope) => remove(scope), isDanger: true }]
    : undefined;

  const protocolChoices = [
    { value: "", label: t("protocolAll") },
    ...PROTOCOLS.map((value) => ({ value, label: protocolLabel(t, value) })),
  ];

  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("clientScopes")}</Title>
        <Content component="p">{t("clientScopeExplain")}</Content>
      </PageSection>
      <PageSection>
        <DataTable<TypedClientScope>
          tableId="client-scopes"
          ariaLabel={t("clientScopes")}
          columns={columns}
          rowKey={(scope) => scope.id!}
          refreshKey={`${protocol}-${reloads}`}
          loader={async (first, max, search) =>
            pageOfScopes(await loadScopes(), { name: search, protocol }, first, max).rows
          }
          countLoader={async (search) => pageOfScopes(await loadScopes(), { name: search, protocol }, 0, 0).total}
          searchPlaceholder={t("searchForClientScope")}
          rowActions={rowActions}
          emptyState={{
            title: t("emptyAddClientScopes"),
            message: t("clientScopeExplain"),
            primaryAction: canManage
              ? { title: t("createClientScope"), onClick: () => navigate(toNewClientScope(realm)) }
              : undefined,
          }}
          toolbarActions={() => (
            <>
              <ToolbarItem>
                <SingleSelect
                  aria-label={`${protocolChoices.find((choice) => choice.value === protocol)?.label ?? ""}, ${t("protocolFilter")}`}
                  value={protocol}
                  options={protocolChoices}
                  onChange={setProtocol}
                />
              </ToolbarItem>
              {canManage && (
                <ToolbarItem>
                  <Button variant="primary" onClick={() => navigate(toNewClientScope(realm))}>
                    {t("createClientScope")}
                  </Button>
                </ToolbarItem>
              )}
            </>
          )}
        />
      </PageSection>
      {dialog}
    </>
  );
}
