import { Link } from "react-router";
import { useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from "@patternfly/react-core/dist/esm/components/DescriptionList/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { DataTable, type TableRowAction } from "../../../../core/ui/table/index.ts";
import { toNewPermission, toPermissionDetails, type PermissionType } from "../../paths.ts";
import {
  fetchAssociations,
  fetchPermissionsPage,
  type Policy,
} from "../../../../core/ui/authorization/authorization-queries.ts";
import { useCanManageAuthorization } from "../client-authorization-tab.tsx";
import { useDeletePolicy } from "../../../../core/ui/authorization/use-delete-policy.tsx";
import { policyTypeKey } from "../../../../core/ui/authorization/policy-types.ts";
import "../authorization-messages.ts";

/** Permissions, paged and searched on the server; a row expands to its resources, scopes and policies. */
export function PermissionsTab({ clientUuid }: { clientUuid: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const canManage = useCanManageAuthorization();
  const { remove, dialog } = useDeletePolicy(clientUuid, true);
  const rowActions: TableRowAction<Policy>[] | undefined = canManage
    ? [
        {
          title: t("delete"),
          isDanger: true,
          onAction: async (permission, refresh) => {
            if (await remove(permission)) refresh();
          },
        },
      ]
    : undefined;
  const detail = async (permission: Policy) => {
    const { resources, scopes, policies } = await fetchAssociations(
      adminClient,
      realm,
      clientUuid,
      permission.id ?? "",
    );
    const none = t("none");
    // Names in alphabetical order: Keycloak answers associations in no stable order.
    const names = (items: { name?: string }[]) =>
      items
        .map((item) => item.name ?? "")
        .sort((a, b) => a.localeCompare(b))
        .join(", ");
    const resourceType = (permission.config as Record<string, string> | undefined)?.defaultResourceType;
    return (
      <DescriptionList isHorizontal isCompact>
        <DescriptionListGroup>
          <DescriptionListTerm>{t("resources")}</DescriptionListTerm>
          <DescriptionListDescription>
            {names(resources) || (resourceType ? `${t("resourceType")}: ${resourceType}` : none)}
          </DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>{t("authorizationScopes")}</DescriptionListTerm>
          <DescriptionListDescription>{names(scopes) || none}</DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>{t("policies")}</DescriptionListTerm>
          <DescriptionListDescription>{names(policies) || none}</DescriptionListDescription>
        </DescriptionListGroup>
      </DescriptionList>
    );
  };
  return (
    <>
      {canManage && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button onClick={() => navigate(toNewPermission(realm, clientUuid, "resource"))}>
                {t("createResourceBasedPermission")}
              </Button>
            </ToolbarItem>
            <ToolbarItem>
              <Button variant="secondary" onClick={() => navigate(toNewPermission(realm, clientUuid, "scope"))}>
                {t("createScopeBasedPermission")}
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      <DataTable<Policy>
        tableId="authz-permissions"
        ariaLabel={t("permissions")}
        loader={(first, max, search) => fetchPermissionsPage(adminClient, realm, clientUuid, first, max, search)}
        rowKey={(permission) => permission.id ?? ""}
        isSearchable
        searchPlaceholder={t("searchForPermission")}
        loadDetail={detail}
        columns={[
          {
            name: "name",
            title: t("name"),
            cell: (permission) => (
              <Link
                className="pf-v6-c-button pf-m-link pf-m-inline"
                to={toPermissionDetails(realm, clientUuid, permission.type as PermissionType, permission.id ?? "")}
              >
                {permission.name}
              </Link>
            ),
          },
          { name: "type", title: t("type"), cell: (permission) => t(policyTypeKey(permission.type ?? "")) },
          { name: "description", title: t("description"), cell: (permission) => permission.description ?? "" },
        ]}
        rowActions={rowActions}
        emptyState={{ title: t("emptyPermissions"), message: t("authzNoPermissionsText") }}
      />
      {dialog}
    </>
  );
}
