import { EmptyState, EmptyStateBody } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { LockIcon } from "@patternfly/react-icons/dist/esm/icons/lock-icon.js";
import { useCoreMessages } from "../i18n/use-messages.ts";

/** Shown in place of a route the user may not open; lists what is missing. */
export function ForbiddenMessage({ permissions }: { permissions: string[] }) {
  const { t } = useCoreMessages();
  return (
    <EmptyState titleText={t("forbiddenTitle")} headingLevel="h1" icon={LockIcon} data-testid="forbidden">
      <EmptyStateBody>
        {t("forbidden", { count: permissions.length })} <strong>{permissions.join(", ")}</strong>
      </EmptyStateBody>
    </EmptyState>
  );
}
