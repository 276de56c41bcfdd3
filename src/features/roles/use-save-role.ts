import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { roleKey, updateRole } from "./queries.ts";
import { useRoleEvents } from "./role-events.tsx";
import "./messages.ts";

/** Saves changes to a role; resolves true on success (the alert tells either way). */
export function useSaveRole(roleId: string) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const emit = useRoleEvents();
  return async (changes: RoleRepresentation): Promise<boolean> => {
    try {
      await updateRole(adminClient, realm, roleId, changes);
      emit("role-updated", { id: roleId });
      addAlert(t("roleSaveSuccess"));
      await queryClient.invalidateQueries({ queryKey: roleKey(realm, roleId) });
      return true;
    } catch (error) {
      addError("roleSaveError", error);
      return false;
    }
  };
}
