import { useQueryClient } from "@tanstack/react-query";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { downloadFile, useConfirm } from "../../../core/ui/dialogs/index.ts";
import { clientExportFilename, exportClient } from "../../../core/ui/export/index.ts";
import { clientKeys, deleteClient } from "../client-queries.ts";
import "../messages.ts";

/** Export and delete, shared by the list's rows and the details header. Render `dialog`. */
export function useClientActions() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();

  const exportToFile = (client: ClientRepresentation) =>
    downloadFile(clientExportFilename(client), JSON.stringify(exportClient(client), null, 2));

  /** Asks, deletes and reports; true once the client is gone. */
  const remove = async (client: ClientRepresentation): Promise<boolean> => {
    const confirmed = await confirm({
      title: t("clientDelete", { clientId: client.clientId }),
      children: t("clientDeleteConfirm"),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!confirmed) return false;
    try {
      await deleteClient(adminClient, realm, client.id!);
    } catch (error) {
      alerts.addError("clientDeleteError", error);
      return false;
    }
    alerts.addAlert(t("clientDeletedSuccess"));
    queryClient.removeQueries({ queryKey: clientKeys.one(realm, client.id!) });
    await queryClient.invalidateQueries({ queryKey: clientKeys.all(realm) });
    return true;
  };

  return { exportToFile, remove, dialog };
}
