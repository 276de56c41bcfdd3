import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useRuntime } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { clearAllCaches } from "./clear-caches.ts";

export const MASTER_REALM = "master";

/** The clear-caches action, or undefined outside master or without manage-realm. */
export function useClearCaches(): (() => void) | undefined {
  const realm = useCurrentRealm();
  const { hasAccess } = useAccess();
  const { adminClient } = useRuntime();
  const { addAlert, addError } = useAlerts();
  const { t } = useMessages();
  if (realm !== MASTER_REALM || !hasAccess("manage-realm")) return undefined;
  return () => {
    clearAllCaches(adminClient, realm).then(
      () => addAlert(t("clearCacheSuccess")),
      (error: unknown) => addError("clearCacheError", error),
    );
  };
}
