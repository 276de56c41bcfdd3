import { Link, useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from "@patternfly/react-core/dist/esm/components/DescriptionList/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../../core/ui/dialogs/use-confirm.tsx";
import { DataTable, type TableRowAction } from "../../../../core/ui/table/index.ts";
import { toAuthorizationScope, toNewAuthorizationScope, toNewPermission } from "../../paths.ts";
import {
  deleteScope,
  fetchScopePermissions,
  fetchScopeResources,
  fetchScopesPage,
  type ScopeRepresentation,
} from "../../../../core/ui/authorization/authorization-queries.ts";
import { useCanManageAuthorization } from "../client-authorization-tab.tsx";
import "../authorization-messages.ts";

/** Rows read when a scope expands: one page of its resources and one of its permissions, never all of them. */
const DETAIL_PAGE = 10;

/** Authorization scopes, paged and searched on the server; a row expands to a page of its resources and permissions. */
export function AuthorizationScopesTab({ clientUuid }: { clientUuid: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useCanManageAuthorization();
  const create = () => navigate(toNewAuthorizationScope(realm, clientUuid));

  const remove = async (scope: ScopeRepresentation, refresh: () => void) => {
    const permissions = await fetchScopePermissions(adminClient, realm, clientUuid, scope.id ?? "", DETAIL_PAGE + 1);
    const confirmed = await confirm({
      title: t("deleteScope"),
      children: permissions.length
        ? t("authzDependentsList", { names: permissions.map((p) => p.name).join(", ") })
        : t("authzNoDependents"),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!confirmed) return;
    try {
      await deleteScope(adminClient, realm, clientUuid, scope.id ?? "");
      addAlert(t("resourceScopeSuccess"));
      refresh();
    } catch (error) {
      addError("authzDeleteError", error);
    }
  };
  const rowActions: TableRowAction<ScopeRepresentation>[] | undefined = canManage
    ? [
        {
          title: t("createPermission"),
          onAction: (scope) => navigate(toNewPermission(realm, clientUuid, "scope", scope.id)),
        },
        { title: t("delete"), isDanger: true, onAction: remove },
      ]
    : undefined;

  const detail = async (scope: ScopeRepresentation) => {
    const [resources, permissions] = await Promise.all([
      fetchScopeResources(adminClient, realm, clientUuid, scope.id ?? "", DETAIL_PAGE + 1),
      fetchScopePermissions(adminClient, realm, clientUuid, scope.id ?? "", DETAIL_PAGE + 1),
    ]);
    const names = (items: { name?: string }[]) =>
      items.length === 0
        ? t("none")
        : `${items
            .slice(0, DETAIL_PAGE)
            .map((item) => item.name)
            .join(", ")}${items.length > DETAIL_PAGE ? ` … ${t("authzMoreThan", { count: DETAIL_PAGE })}` : ""}`;
    return (
      <DescriptionList isHorizontal isCompact>
        <DescriptionListGroup>
          <DescriptionListTerm>{t("resources")}</DescriptionListTerm>
          <DescriptionListDescription>{names(resources)}</DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>{t("permissions")}</DescriptionListTerm>
          <DescriptionListDescription>{names(permissions)}</DescriptionListDescription>
        </DescriptionListGroup>
      </DescriptionList>
    );
  };

  return (
    <>
      <DataTable<ScopeRepresentation>
        tableId="authz-scopes"
        ariaLabel={t("scopes")}
        loader={(first, max, search) => fetchScopesPage(adminClient, realm, clientUuid, first, max, search)}
        rowKey={(scope) => scope.id ?? ""}
        isSearchable
        searchPlaceholder={t("searchByName")}
        loadDetail={detail}
        columns={[
          {
            name: "name",
            title: t("name"),
            cell: (scope) => (
              <Link
                className="pf-v6-c-button pf-m-link pf-m-inline"
                to={toAuthorizationScope(realm, clientUuid, scope.id ?? "")}
              >
                {scope.name}
              </Link>
            ),
          },
          { name: "displayName", title: t("displayName"), cell: (scope) => scope.displayName ?? "" },
        ]}
        rowActions={rowActions}
        emptyState={{
          title: t("emptyAuthorizationScopes"),
          message: t("authzNoScopesText"),
          primaryAction: canManage ? { title: t("createAuthorizationScope"), onClick: create } : undefined,
        }}
        toolbarActions={() =>
          canManage && (
            <ToolbarItem>
              <Button onClick={create}>{t("createAuthorizationScope")}</Button>
            </ToolbarItem>
          )
        }
      />
      {dialog}
    </>
  );
}
