import { EmptyState, EmptyStateBody } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";

/** A `page-section/:providerId` address whose provider the server does not report (feature off, typo). */
export function UnknownProvider({ providerId }: { providerId: string }) {
  const { t } = useMessages();
  return (
    <PageSection>
      <EmptyState titleText={t("customPages")} headingLevel="h1">
        <EmptyStateBody>{t("customPageUnknown", { providerId })}</EmptyStateBody>
      </EmptyState>
    </PageSection>
  );
}
