import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";

/** Stands in for an area that is not built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useMessages();
  return (
    <PageSection>
      <Title headingLevel="h1">{t(title)}</Title>
      <Content component="p">{t("placeholderBody")}</Content>
    </PageSection>
  );
}
