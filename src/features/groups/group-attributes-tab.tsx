import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { useQueryClient } from "@tanstack/react-query";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { AttributesForm } from "../../core/ui/form/attributes-form.tsx";
import { useGroupEvents } from "./group-events.tsx";
import { groupMay } from "./group-access.ts";
import { groupKey, updateGroup } from "./queries.ts";
import "./messages.ts";

/** A group's attributes as key-value rows; saving keeps what was typed when the server refuses. */
export function GroupAttributesTab({ group }: { group: GroupRepresentation }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const emit = useGroupEvents();
  const save = async (attributes: Record<string, string[]>) => {
    try {
      await updateGroup(adminClient, realm, group.id ?? "", { attributes });
      emit("group-updated", { id: group.id });
      addAlert(t("groupUpdated"));
      await queryClient.invalidateQueries({ queryKey: groupKey(realm, group.id ?? "") });
      return true;
    } catch (error) {
      addError("groupUpdateError", error);
      return false;
    }
  };
  return (
    <AttributesForm attributes={group.attributes} canManage={groupMay(useAccess(), group, "manage")} onSave={save} />
  );
}
