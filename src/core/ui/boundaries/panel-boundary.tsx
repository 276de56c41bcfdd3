import type { ReactNode } from "react";
import { Alert, AlertActionLink } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { errorMessage } from "../../api/api-error.ts";
import { useMessages } from "../../i18n/use-messages.ts";
import { RenderBoundary } from "./render-boundary.tsx";
import "./boundary-messages.ts";

function PanelRenderError({ error, retry }: { error: unknown; retry(): void }) {
  const { t } = useMessages();
  return (
    <Alert
      variant="danger"
      isInline
      title={t("panelErrorTitle")}
      actionLinks={<AlertActionLink onClick={retry}>{t("tryAgain")}</AlertActionLink>}
      data-testid="panel-render-error"
    >
      {errorMessage(error)}
    </Alert>
  );
}

/**
 * Around one panel (a tab's content, a section): a throw inside shows an inline alert with the
 * error's message and a retry in the panel's place; the page around it stays usable.
 */
export function PanelBoundary({ children, resetKey }: { children: ReactNode; resetKey?: unknown }) {
  return (
    <RenderBoundary resetKey={resetKey} fallback={(error, retry) => <PanelRenderError error={error} retry={retry} />}>
      {children}
    </RenderBoundary>
  );
}
