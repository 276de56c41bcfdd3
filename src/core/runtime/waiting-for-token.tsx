import { useEffect, useState } from "react";
import { Bullseye } from "@patternfly/react-core/dist/esm/layouts/Bullseye/index.js";
import { Spinner } from "@patternfly/react-core/dist/esm/components/Spinner/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Stack, StackItem } from "@patternfly/react-core/dist/esm/layouts/Stack/index.js";
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
    <Bullseye>
      <Stack hasGutter>
        <StackItem>
          <Bullseye>
            <Spinner aria-label={coreMessages.waitingForToken} />
          </Bullseye>
        </StackItem>
        {long && (
          <StackItem>
            <Content component="p" data-testid="waiting-for-token">
              {coreMessages.waitingForTokenHint}
            </Content>
          </StackItem>
        )}
      </Stack>
    </Bullseye>
  );
}
