import type { ReactNode } from "react";
import { HelperText, HelperTextItem } from "@patternfly/react-core/dist/esm/components/HelperText/index.js";
import { errorMessage } from "../../api/api-error.ts";
import { useMessages } from "../../i18n/use-messages.ts";
import { RenderBoundary } from "./render-boundary.tsx";
import "./boundary-messages.ts";

/** Long enough for a reason, short enough for a table cell. */
const MESSAGE_SHOWN = 80;

/** The message's first clause ("Minified React error #31" without the link that follows it). */
function shortMessage(error: unknown): string {
  const message = errorMessage(error).split(/[;\n]/)[0].trim();
  return message.length > MESSAGE_SHOWN ? `${message.slice(0, MESSAGE_SHOWN)}…` : message;
}

/** The small error shown in place of one value (a cell, a menu item, a title) that failed to render. */
export function InlineRenderError({ error }: { error: unknown }) {
  const { t } = useMessages();
  return (
    <HelperText className="kc-inline-render-error" data-testid="inline-render-error">
      <HelperTextItem variant="error">{t("valueCannotBeShown", { error: shortMessage(error) })}</HelperTextItem>
    </HelperText>
  );
}

/** Around one rendered value: a throw inside shows a small inline error in its place, the rest stays. */
export function ValueBoundary({ children, resetKey }: { children: ReactNode; resetKey?: unknown }) {
  return (
    <RenderBoundary resetKey={resetKey} fallback={(error) => <InlineRenderError error={error} />}>
      {children}
    </RenderBoundary>
  );
}
