import { EmptyState, EmptyStateBody } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import "./messages.ts";

/** Stands in for a realm settings tab that is not built yet, at its upstream address. */
export function NotBuiltTab() {
  const { t } = useMessages();
  return (
    <EmptyState titleText={t("rsTabNotBuilt")} headingLevel="h2" data-testid="realm-settings-tab-not-built">
      <EmptyStateBody>{t("rsTabNotBuiltBody")}</EmptyStateBody>
    </EmptyState>
  );
}
