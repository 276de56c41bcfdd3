import { useSyncExternalStore } from "react";
import { Alert, AlertActionCloseButton, AlertGroup } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { useCoreMessages } from "../../i18n/use-messages.ts";
import { useOverlayRoot } from "../overlays/overlay-root.tsx";
import type { AlertStore } from "./alert-store.ts";

/** The toast stack, newest on top, inside the element's shadow root (PatternFly portals toasts to document.body). */
export function AlertStack({ store }: { store: AlertStore }) {
  const alerts = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const { t } = useCoreMessages();
  const overlayRoot = useOverlayRoot();
  return (
    <AlertGroup isToast isLiveRegion appendTo={overlayRoot} data-testid="alerts">
      {alerts.map(({ id, message, variant, description }) => (
        <Alert
          key={id}
          id={`alert-${id}`}
          variant={variant}
          title={message}
          actionClose={
            <AlertActionCloseButton
              title={t("closeAlert")}
              aria-label={t("closeAlert")}
              onClose={() => store.remove(id)}
            />
          }
        >
          {description}
        </Alert>
      ))}
    </AlertGroup>
  );
}
