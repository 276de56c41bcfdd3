import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { roleByIdKey } from "../../../core/ui/role-composites/index.ts";
import { updateRoleById } from "./client-role-queries.ts";
import "./client-role-messages.ts";

/** Saves changes to a client role; resolves true when the server took them (an alert tells either way). */
export function useSaveClientRole(role: RoleRepresentation) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  return async (changes: RoleRepresentation): Promise<boolean> => {
    try {
      await updateRoleById(adminClient, realm, role, changes);
      addAlert(t("roleSaveSuccess"));
      await queryClient.invalidateQueries({ queryKey: roleByIdKey(realm, role.id ?? "") });
      return true;
    } catch (error) {
      addError("roleSaveError", error);
      return false;
    }
  };
}
