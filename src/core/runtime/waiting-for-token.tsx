import { useEffect, useState } from "react";
import { EmptyState, EmptyStateBody } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { Spinner } from "@patternfly/react-core/dist/esm/components/Spinner/index.js";
import { coreMessages } from "../i18n/core-messages.ts";
import { HOST_TOKEN_GRACE_MS } from "./host-token-wait.ts";

/** Before any token source: a spinner, then (if the wait goes on) what the page has to provide. */
export function WaitingForToken() {
  const [long, setLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLong(true), HOST_TOKEN_GRACE_MS * 8);
    return () => clearTimeout(timer);
  }, []);
  return (
    <EmptyState
      icon={() => <Spinner aria-label={coreMessages.waitingForToken} />}
      titleText={long ? coreMessages.waitingForToken : undefined}
      headingLevel="h2"
    >
      {long && <EmptyStateBody data-testid="waiting-for-token">{coreMessages.waitingForTokenHint}</EmptyStateBody>}
    </EmptyState>
  );
}
