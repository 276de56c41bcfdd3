import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { useAlerts } from "../alerts/alerts-context.tsx";
import { useConfirm } from "../dialogs/index.ts";
import { usePickerRealm } from "../pickers/picker-realm.ts";
import { DataTable } from "../table/index.ts";
import { AssignRoleDialog } from "./assign-role-dialog.tsx";
import {
  assignRoles,
  directMappingsPage,
  effectiveMappingsPage,
  unassignRoles,
  type RoleHolder,
} from "./role-mapping-api.ts";
import { mappedRoleKey, type MappedRole, type RoleMappingType } from "./role-mapping-types.ts";
import { RoleNameCell } from "./role-name-cell.tsx";
import "./role-mapping-messages.ts";

export interface RoleMappingProps {
  type: RoleMappingType;
  /** The user's, group's, client scope's or client's id. */
  id: string;
  realm?: string;
  /** May assign and unassign (manage-users, manage-clients…). */
  isManager?: boolean;
  /** Called after roles were assigned or unassigned. */
  onChanged?: () => void;
}

/**
 * The role-mapping tab: roles held directly (or, with 'Hide inherited roles' off, every role held
 * through composites and groups), paged on the server; assign through the assign-role dialog and
 * unassign direct mappings after a confirmation.
 */
export function RoleMapping({ type, id, realm, isManager = true, onChanged }: RoleMappingProps) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const holder: RoleHolder = { adminClient, realm: usePickerRealm(realm), type, id };
  const [hideInherited, setHideInherited] = useState(true);
  const [isAssigning, setAssigning] = useState(false);
  const [version, setVersion] = useState(0);
  const { confirm, dialog } = useConfirm();

  const loader = (first: number, max: number, search: string) =>
    hideInherited ? directMappingsPage(holder, first, max, search) : effectiveMappingsPage(holder, first, max, search);

  const unassign = async (roles: MappedRole[]) => {
    const direct = roles.filter((role) => !role.isInherited);
    if (direct.length === 0) return;
    const names = direct.map((role) => (role.client ? `${role.client.clientId} ${role.name}` : role.name)).join(", ");
    const isConfirmed = await confirm({
      title: t("removeMappingTitle"),
      children: t("removeMappingConfirm", { count: direct.length, names }),
      confirmLabel: t("unAssignRole"),
      variant: "destructive",
    });
    if (!isConfirmed) return;
    try {
      await unassignRoles(holder, direct);
      alerts.addAlert(t("roleMappingUpdatedSuccess"));
      onChanged?.();
    } catch (error) {
      alerts.addError("roleMappingUpdatedError", error);
    }
    setVersion((count) => count + 1);
  };

  const assign = async (roles: MappedRole[]) => {
    try {
      await assignRoles(holder, roles);
      alerts.addAlert(t("roleMappingUpdatedSuccess"));
      onChanged?.();
      setAssigning(false);
    } catch (error) {
      alerts.addError("roleMappingUpdatedError", error);
    }
    setVersion((count) => count + 1);
  };

  return (
    <>
      {/* Outside the table: its empty state replaces the toolbar, and inherited roles may exist without direct ones. */}
      <Switch
        id={`kc-hide-inherited-${type}`}
        label={t("hideInheritedRoles")}
        isChecked={hideInherited}
        onChange={(_event, checked) => setHideInherited(checked)}
      />
      <DataTable<MappedRole>
        tableId="role-mapping"
        ariaLabel={t("roleMappingTable")}
        loader={loader}
        refreshKey={`${hideInherited}:${version}`}
        rowKey={mappedRoleKey}
        canSelect={isManager}
        isSearchable
        searchPlaceholder={t("searchByRoleName")}
        emptyState={{
          title: t("roleMappingEmptyTitle"),
          message: t("roleMappingEmptyBody"),
          primaryAction: isManager ? { title: t("assignRole"), onClick: () => setAssigning(true) } : undefined,
        }}
        toolbarActions={({ selected }) => (
          <>
            {isManager && (
              <>
                <ToolbarItem>
                  <Button onClick={() => setAssigning(true)}>{t("assignRole")}</Button>
                </ToolbarItem>
                <ToolbarItem>
                  <Button
                    variant="secondary"
                    isDisabled={!selected.some((role) => !role.isInherited)}
                    onClick={() => void unassign(selected)}
                  >
                    {t("unAssignRole")}
                  </Button>
                </ToolbarItem>
              </>
            )}
          </>
        )}
        rowActions={
          isManager
            ? [
                {
                  title: t("unAssignRole"),
                  isDanger: true,
                  isDisabled: (role) => !!role.isInherited,
                  onAction: (role) => unassign([role]),
                },
              ]
            : undefined
        }
        columns={[
          { name: "name", title: t("name"), cell: (role) => <RoleNameCell role={role} /> },
          {
            name: "inherited",
            title: t("inherent"),
            cell: (role) => (role.isInherited ? t("roleMappingTrue") : t("roleMappingFalse")),
          },
          { name: "description", title: t("description"), cell: (role) => role.description ?? "" },
        ]}
      />
      {isAssigning && <AssignRoleDialog holder={holder} onAssign={assign} onClose={() => setAssigning(false)} />}
      {dialog}
    </>
  );
}
