import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/use-confirm.tsx";
import { deleteRoleById } from "./client-role-queries.ts";
import "./client-role-messages.ts";

/** Asks before deleting a client role; `remove` resolves true once the role is gone. */
export function useDeleteClientRole() {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const remove = async (role: RoleRepresentation): Promise<boolean> => {
    const confirmed = await confirm({
      title: t("roleDeleteConfirm"),
      children: t("roleDeleteConfirmDialog", { selectedRoleName: role.name }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!confirmed) return false;
    try {
      await deleteRoleById(adminClient, realm, role.id ?? "");
      addAlert(t("roleDeletedSuccess"));
      return true;
    } catch (error) {
      addError("roleDeleteError", error);
      return false;
    }
  };
  return { remove, dialog };
}
