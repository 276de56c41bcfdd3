import { useSyncExternalStore } from "react";
import { Alert, AlertActionCloseButton, AlertGroup } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { useCoreMessages } from "../../i18n/use-messages.ts";
import type { AlertStore } from "./alert-store.ts";

/** The toast stack, newest on top. */
export function AlertStack({ store }: { store: AlertStore }) {
  const alerts = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const { t } = useCoreMessages();
  return (
    <AlertGroup isToast isLiveRegion data-testid="alerts">
      {alerts.map(({ id, message, variant, description }) => (
        <Alert key={id} id={`alert-${id}`} variant={variant} title={message} actionClose={<AlertActionCloseButton title={t("closeAlert")} aria-label={t("closeAlert")} onClose={() => store.remove(id)} />}>
          {description}
        </Alert>
      ))}
    </AlertGroup>
  );
}
