import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { EmptyState, EmptyStateBody } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";

export function NotFoundPage() {
  const { t } = useMessages();
  return (
    <PageSection>
      <EmptyState titleText={t("pageNotFound")} headingLevel="h1" data-testid="not-found">
        <EmptyStateBody>{t("notFound")}</EmptyStateBody>
      </EmptyState>
    </PageSection>
  );
}
