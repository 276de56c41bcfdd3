import { createContext, useContext, useMemo, type ReactNode } from "react";
import { errorTexts } from "../../api/api-error.ts";
import { useCoreMessages } from "../../i18n/use-messages.ts";
import type { AlertVariant } from "./alert-list.ts";
import { AlertStore } from "./alert-store.ts";
import { AlertStack } from "./alert-stack.tsx";

export interface Alerts {
  addAlert(message: string, variant?: AlertVariant, description?: string): void;
  /** A danger alert whose text includes the server's message: template `messageKey` with {{error}} (Keycloak's name; {{message}} is given too). */
  addError(messageKey: string, error: unknown): void;
}

const AlertsContext = createContext<Alerts | null>(null);

export function AlertsProvider({ children }: { children: ReactNode }) {
  const { t } = useCoreMessages();
  const store = useMemo(() => new AlertStore(), []);
  const alerts = useMemo<Alerts>(
    () => ({
      addAlert: (message, variant = "success", description) => store.add(message, variant, description),
      addError: (messageKey, error) => {
        const { text, description } = errorTexts(error);
        store.add(t(messageKey, { error: text, message: text }), "danger", description);
      },
    }),
    [store, t],
  );
  return (
    <AlertsContext.Provider value={alerts}>
      <AlertStack store={store} />
      {children}
    </AlertsContext.Provider>
  );
}

export function useAlerts(): Alerts {
  const alerts = useContext(AlertsContext);
  if (!alerts) throw new Error("No provider found for Alerts context");
  return alerts;
}
