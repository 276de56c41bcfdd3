import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import { useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { realmKey } from "../../core/api/realm.ts";
import { policiesRealmKey, updateRealmPolicies } from "./queries.ts";

/** Saves policy fields with a realm update; true when saved. A failure keeps the form and shows the server's message. */
export function useSavePolicy(successKey: string, errorKey: string) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  return async (fields: RealmRepresentation): Promise<boolean> => {
    try {
      await updateRealmPolicies(adminClient, realm, fields);
      addAlert(t(successKey));
      await queryClient.invalidateQueries({ queryKey: policiesRealmKey(realm) });
      await queryClient.invalidateQueries({ queryKey: realmKey(realm) });
      return true;
    } catch (error) {
      addError(errorKey, error);
      return false;
    }
  };
}
