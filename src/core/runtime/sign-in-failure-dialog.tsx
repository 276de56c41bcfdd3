import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import {
  EmptyState,
  EmptyStateActions,
  EmptyStateBody,
  EmptyStateFooter,
} from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { ExclamationCircleIcon } from "@patternfly/react-icons/dist/esm/icons/exclamation-circle-icon.js";
import type { i18n as I18n } from "i18next";
import { coreMessages } from "../i18n/core-messages.ts";
import { addressWithoutQueryOrHash } from "./sign-in-failure.ts";

type CoreKey = keyof typeof coreMessages;

/** Full-page failure screen; works with or without a started i18n instance. */
export function SignInFailureDialog({ error, i18n }: { error?: string; i18n?: I18n }) {
  const t = (key: CoreKey) => (i18n ? i18n.t(key) : coreMessages[key]);
  const described = error ? (i18n?.t(error) ?? error) : t("somethingWentWrongDescription");
  return (
    <EmptyState
      role="alertdialog"
      aria-labelledby="sign-in-failure-title"
      titleText={<span id="sign-in-failure-title">{t("somethingWentWrong")}</span>}
      headingLevel="h1"
      icon={ExclamationCircleIcon}
      status="danger"
      variant="full"
    >
      <EmptyStateBody>{described}</EmptyStateBody>
      <EmptyStateFooter>
        <EmptyStateActions>
          <Button variant="primary" onClick={() => location.assign(addressWithoutQueryOrHash())}>
            {t("tryAgain")}
          </Button>
        </EmptyStateActions>
      </EmptyStateFooter>
    </EmptyState>
  );
}
