import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { SingleSelect } from "../../core/ui/overlays/index.ts";
import { DataTable, type TableColumn, type TableRowAction } from "../../core/ui/table/index.ts";
import { CreatePermissionMenu } from "./create-permission-menu.tsx";
import { toPermission } from "./paths.ts";
import {
  deletePermission,
  fetchPermissionPage,
  permissionResourceType,
  resourceTypeKey,
  type Permission,
} from "./permission-queries.ts";
import type { PermissionsContext } from "./permissions-gate.tsx";
import "./messages.ts";

/** The admin-permissions client's scope permissions, searched, filtered by resource type and paged on the server. */
export function PermissionList({ context }: { context: PermissionsContext }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const [resourceType, setResourceType] = useState("");
  const linkOf = (permission: Permission) =>
    toPermission(realm, permission.id ?? "", permissionResourceType(permission));

  const remove = async (permission: Permission, refresh: () => void) => {
    const confirmed = await confirm({
      title: t("deletePermission"),
      children: t("deleteAdminPermissionConfirm", { permission: permission.name }),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!confirmed || !permission.id) return;
    try {
      await deletePermission(adminClient, realm, context.clientId, permission.id);
      addAlert(t("permissionDeletedSuccess"));
      refresh();
    } catch (error) {
      addError("permissionDeletedError", error);
    }
  };
  const rowActions: TableRowAction<Permission>[] = [
    { title: t("edit"), onAction: (permission) => navigate(linkOf(permission)) },
    { title: t("delete"), isDanger: true, onAction: remove },
  ];
  const columns: TableColumn<Permission>[] = [
    {
      name: "name",
      title: t("name"),
      width: 30,
      cell: (permission) => (
        <Button variant="link" isInline component={(props: object) => <Link {...props} to={linkOf(permission)} />}>
          {permission.name}
        </Button>
      ),
    },
    {
      name: "resourceType",
      title: t("resourceType"),
      cell: (permission) => t(resourceTypeKey(permissionResourceType(permission))),
    },
    { name: "description", title: t("description"), cell: (permission) => permission.description ?? "" },
  ];
  const typeChoices = [
    { value: "", label: t("allResourceTypes") },
    ...context.resourceTypes.map(({ type }) => ({ value: type, label: t(resourceTypeKey(type)) })),
  ];

  return (
    <>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            <SingleSelect
              options={typeChoices}
              value={resourceType}
              onChange={setResourceType}
              aria-label={`${t("resourceType")}: ${typeChoices.find((choice) => choice.value === resourceType)?.label}`}
            />
          </ToolbarItem>
          <ToolbarItem>
            <CreatePermissionMenu resourceTypes={context.resourceTypes} />
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      <DataTable
        tableId="permissions"
        ariaLabel={t("permissions")}
        columns={columns}
        rowKey={(permission) => permission.id ?? permission.name ?? ""}
        loader={(first, max, search) =>
          fetchPermissionPage(adminClient, realm, context.clientId, first, max, search, resourceType)
        }
        refreshKey={resourceType}
        searchPlaceholder={t("searchForPermission")}
        rowActions={rowActions}
        emptyState={{ title: t("emptyPermissions"), message: t("emptyPermissionInstructions") }}
      />
      {dialog}
    </>
  );
}
