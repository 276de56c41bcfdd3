import { useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";

/** Runs a change, then a success alert and a reload of `queryKey`; on failure a danger alert with the server's message. */
export function useUserMutation() {
  const { t } = useMessages();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  return async (action: () => Promise<void>, { success, failure, queryKey }: { success: string; failure: string; queryKey: readonly unknown[] }): Promise<boolean> => {
    try {
      await action();
      alerts.addAlert(t(success));
      return true;
    } catch (error) {
      alerts.addError(failure, error);
      return false;
    } finally {
      await queryClient.invalidateQueries({ queryKey });
    }
  };
}
