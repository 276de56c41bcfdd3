import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { duplicateGroup } from "./duplicate-group.ts";
import { useGroupEvents } from "./group-events.tsx";
import type { GroupNameValues } from "./group-name-dialog.tsx";
import { createGroup, deleteGroups, moveGroup, updateGroup } from "./queries.ts";

/**
 * The group mutations with their alerts, events and cache invalidation. Each rethrows on failure
 * (after the alert) so a dialog can stay open.
 */
export function useGroupActions(onChanged: () => void) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const emit = useGroupEvents();

  const run = async <R>(action: () => Promise<R>, success: () => string, failureKey: string): Promise<R> => {
    try {
      const result = await action();
      addAlert(success());
      await queryClient.invalidateQueries({ queryKey: ["group", realm] });
      onChanged();
      return result;
    } catch (error) {
      addError(failureKey, error);
      throw error;
    }
  };

  return {
    create: (parentId: string | undefined, { name, description }: GroupNameValues) =>
      run(
        async () => {
          const id = await createGroup(adminClient, realm, parentId, { name, description });
          emit("group-created", { id, name, parentId: parentId ?? null });
          return id;
        },
        () => t("groupCreated"),
        "couldNotCreateGroup",
      ),
    rename: (id: string, { name, description }: GroupNameValues) =>
      run(
        async () => {
          await updateGroup(adminClient, realm, id, { name, description });
          emit("group-updated", { id, name });
        },
        () => t("groupUpdated"),
        "groupUpdateError",
      ),
    move: (group: GroupRepresentation, destinationId: string | undefined) =>
      run(
        async () => {
          await moveGroup(adminClient, realm, group, destinationId);
          emit("group-updated", { id: group.id, parentId: destinationId ?? null });
        },
        () => t("moveGroupSuccess"),
        "moveGroupError",
      ),
    duplicate: (group: GroupRepresentation, parentId: string | undefined) => {
      const name = t("copyOf", { name: group.name });
      return run(
        async () => {
          const id = await duplicateGroup(adminClient, realm, group.id ?? "", parentId, name);
          emit("group-created", { id, name, parentId: parentId ?? null, duplicateOf: group.id });
          return id;
        },
        () => t("groupDuplicated"),
        "groupDuplicateFailed",
      );
    },
    remove: (ids: string[]) =>
      run(
        async () => {
          await deleteGroups(adminClient, realm, ids);
          for (const id of ids) emit("group-deleted", { id });
        },
        () => t("groupDeleted", { count: ids.length }),
        "groupDeleteError",
      ),
  };
}
