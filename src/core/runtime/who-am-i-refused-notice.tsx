import { useState } from "react";
import { Alert, AlertActionCloseButton } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useCoreMessages } from "../i18n/use-messages.ts";
import "./who-am-i-refused-notice.css";

/**
 * A small dismissible notice when who-am-I refused the token's client and the access was read
 * from the token instead: names the client and the two ways to let who-am-I answer.
 */
export function WhoAmIRefusedNotice({ clientId }: { clientId: string }) {
  const { t } = useCoreMessages();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  const values = { clientId, interpolation: { escapeValue: false } };
  return (
    <PageSection padding={{ default: "noPadding" }} className="kc-who-am-i-refused">
      <Alert
        variant="info"
        isInline
        title={t("whoAmIRefusedTitle", values)}
        actionClose={<AlertActionCloseButton onClose={() => setDismissed(true)} />}
        data-testid="who-am-i-refused"
      >
        {t("whoAmIRefusedBody", values)}
      </Alert>
    </PageSection>
  );
}
