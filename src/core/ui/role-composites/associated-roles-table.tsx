import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../i18n/use-messages.ts";
import { useCurrentRealm } from "../../runtime/current-realm.tsx";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { useAlerts } from "../alerts/alerts-context.tsx";
import { useConfirm } from "../dialogs/use-confirm.tsx";
import { DataTable } from "../table/index.ts";
import { AddAssociatedRolesDialog } from "./add-associated-roles-dialog.tsx";
import {
  addComposites,
  fetchCompositesPage,
  removeComposites,
  roleByIdKey,
  type RoleRow,
} from "./composite-roles-api.ts";
import { RoleNameWithClient } from "./role-name-with-client.tsx";
import { RoleDescription } from "./role-description.tsx";
import "./composite-roles-messages.ts";

export interface AssociatedRolesTableProps {
  roleId: string;
  roleName: string;
  /** Whether the signed-in administrator may change the role (manage-realm, or manage-clients for a client role). */
  canManage: boolean;
  /** Told after composites were added or removed (the roles element emits `kc-role-updated`). */
  onChanged?(roleId: string): void;
  /** Texts of the default-roles view instead of a composite role's. */
  isDefaultRoles?: boolean;
  /** Opens the add dialog at once (the role page's 'Add associated roles' action). */
  startAdding?: boolean;
  onAddingDone?(): void;
}

/** The roles a composite role includes (realm and client roles), paged; add and remove them. */
export function AssociatedRolesTable({
  roleId,
  roleName,
  canManage,
  onChanged,
  isDefaultRoles,
  startAdding,
  onAddingDone,
}: AssociatedRolesTableProps) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const [isAddingHere, setAddingHere] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const isAdding = isAddingHere || !!startAdding;
  const addLabel = isDefaultRoles ? t("assignRole") : t("addAssociatedRolesText");

  const changed = async () => {
    onChanged?.(roleId);
    setRefreshKey((key) => key + 1);
    await queryClient.invalidateQueries({ queryKey: roleByIdKey(realm, roleId) });
  };
  const add = async (roles: RoleRow[]) => {
    try {
      await addComposites(adminClient, realm, roleId, roles);
      addAlert(t("addAssociatedRolesSuccess"));
      await changed();
    } catch (error) {
      addError("addAssociatedRolesError", error);
      throw error;
    }
  };
  const remove = async (roles: RoleRow[]) => {
    const names = roles.map((role) => (role.clientId ? `${role.clientId} ${role.name}` : role.name)).join(", ");
    const confirmed = await confirm({
      title: t("roleRemoveAssociatedRoleConfirm"),
      children: t("roleRemoveAssociatedText", { role: names, roleName }),
      confirmLabel: t("remove"),
      variant: "destructive",
    });
    if (!confirmed) return;
    try {
      await removeComposites(adminClient, realm, roleId, roles);
      addAlert(t("associatedRolesRemoved"));
      await changed();
    } catch (error) {
      addError("associatedRolesRemoveFailed", error);
    }
  };
  const closeAdding = () => {
    setAddingHere(false);
    onAddingDone?.();
  };

  return (
    <>
      <DataTable<RoleRow>
        tableId="associated-roles"
        ariaLabel={isDefaultRoles ? t("defaultRoles") : t("associatedRolesText")}
        loader={(first, max, search) => fetchCompositesPage(adminClient, realm, roleId, first, max, search)}
        rowKey={(row) => row.id}
        columns={[
          { name: "name", title: t("roleName"), cell: (row) => <RoleNameWithClient row={row} /> },
          {
            name: "composite",
            title: t("composite"),
            cell: (row) => (row.composite ? t("roleCompositeYes") : t("roleCompositeNo")),
          },
          {
            name: "description",
            title: t("description"),
            cell: (row) => <RoleDescription text={row.description} />,
          },
        ]}
        isSearchable
        searchPlaceholder={t("searchForRoles")}
        canSelect={canManage}
        refreshKey={refreshKey}
        rowActions={canManage ? [{ title: t("remove"), isDanger: true, onAction: (row) => remove([row]) }] : undefined}
        emptyState={{
          title: t("noRolesAssociated"),
          message: isDefaultRoles ? t("defaultRolesEmptyBody") : t("noRolesAssociatedInstructions"),
          primaryAction: canManage ? { title: addLabel, onClick: () => setAddingHere(true) } : undefined,
        }}
        toolbarActions={({ selected }) =>
          canManage && (
            <>
              <ToolbarItem>
                <Button onClick={() => setAddingHere(true)}>{addLabel}</Button>
              </ToolbarItem>
              <ToolbarItem>
                <Button
                  variant="secondary"
                  isDanger
                  isDisabled={selected.length === 0}
                  onClick={() => void remove(selected)}
                >
                  {t("remove")}
                </Button>
              </ToolbarItem>
            </>
          )
        }
      />
      {isAdding && (
        <AddAssociatedRolesDialog
          roleId={roleId}
          title={t("associatedRolesModalTitle", { name: roleName })}
          onAdd={add}
          onClose={closeAdding}
        />
      )}
      {dialog}
    </>
  );
}
