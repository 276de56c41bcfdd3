import { useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useUserEvents } from "./user-events.tsx";

/**
 * Runs a change to `user`, then a success alert, `kc-user-updated` and a reload of `queryKey`;
 * on failure a danger alert with the server's message.
 */
export function useUserMutation(user: { id?: string; username?: string }) {
  const { t } = useMessages();
  const alerts = useAlerts();
  const events = useUserEvents();
  const queryClient = useQueryClient();
  return async (
    action: () => Promise<void>,
    { success, failure, queryKey }: { success: string; failure: string; queryKey: readonly unknown[] },
  ): Promise<boolean> => {
    try {
      await action();
      alerts.addAlert(t(success));
      events.updated(user.id ?? "", user.username);
      return true;
    } catch (error) {
      alerts.addError(failure, error);
      return false;
    } finally {
      await queryClient.invalidateQueries({ queryKey });
    }
  };
}
