import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { RoutableTabs } from "../../core/ui/page/index.ts";
import { ClientsList } from "./clients-list.tsx";
import "./messages.ts";

/** `/:realm/clients` and `/:realm/clients/:tab`: the list page (its other tabs are not built yet). */
export default function ClientsPage() {
  const { t } = useMessages();
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("clients")}</Title>
        <Content component="p">{t("clientsExplain")}</Content>
      </PageSection>
      <PageSection>
        <RoutableTabs
          aria-label={t("clientsListTabs")}
          tabs={[{ key: "list", title: t("clientsList"), content: <ClientsList /> }]}
        />
      </PageSection>
    </>
  );
}
