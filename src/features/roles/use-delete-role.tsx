import { useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/use-confirm.tsx";
import { deleteRole } from "./queries.ts";
import { useRoleEvents } from "./role-events.tsx";
import "./messages.ts";

/** Asks, deletes a role, tells the outcome; `remove` resolves true when the role is gone. */
export function useDeleteRole() {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const emit = useRoleEvents();
  const { confirm, dialog } = useConfirm();
  const remove = async (role: { id?: string; name?: string }): Promise<boolean> => {
    const confirmed = await confirm({
      title: t("roleDeleteConfirm"),
      children: t("roleDeleteConfirmDialog", { selectedRoleName: role.name }),
      variant: "destructive",
    });
    if (!confirmed) return false;
    try {
      await deleteRole(adminClient, realm, role.id ?? "");
      emit("role-deleted", { id: role.id, name: role.name });
      addAlert(t("roleDeletedSuccess"));
      await queryClient.invalidateQueries({ queryKey: ["role", realm] });
      return true;
    } catch (error) {
      addError("roleDeleteError", error);
      return false;
    }
  };
  return { remove, dialog };
}
