import { useLocation, useNavigate } from "react-router";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Tab, Tabs, TabTitleText } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useRealmRepresentation } from "../../core/runtime/realm-scope.tsx";
import { PanelBoundary } from "../../core/ui/boundaries/panel-boundary.tsx";
import { firstText } from "../../core/ui/text/display-text.ts";
import { ServerInfoTab } from "./server-info-tab.tsx";
import { ProvidersTab } from "./providers-tab.tsx";
import { DASHBOARD_TABS, toDashboardTab, type DashboardTab } from "./routes.ts";
import "./messages.ts";

export default function DashboardPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const representation = useRealmRepresentation();
  const navigate = useNavigate();
  const tab = useLocation().pathname.split("/")[2];
  const active: DashboardTab = (DASHBOARD_TABS as readonly string[]).includes(tab ?? "")
    ? (tab as DashboardTab)
    : "welcome";
  const realmName = firstText(representation?.displayName, realm);
  return (
    <>
      <PageSection>
        <Title headingLevel="h1" data-testid="dashboard-title">
          {t("welcomeTo", { realmDisplayInfo: realmName })}
        </Title>
      </PageSection>
      <PageSection>
        <Tabs
          activeKey={active}
          onSelect={(_event, key) => navigate(toDashboardTab(realm, key as DashboardTab))}
          mountOnEnter
          unmountOnExit
        >
          <Tab eventKey="welcome" title={<TabTitleText>{t("welcomeTabTitle")}</TabTitleText>}>
            <Content component="p">{t("dashboardWelcomeBody")}</Content>
          </Tab>
          <Tab eventKey="info" title={<TabTitleText>{t("serverInfo")}</TabTitleText>}>
            <PanelBoundary>
              <ServerInfoTab />
            </PanelBoundary>
          </Tab>
          <Tab eventKey="providers" title={<TabTitleText>{t("providers")}</TabTitleText>}>
            <PanelBoundary>
              <ProvidersTab />
            </PanelBoundary>
          </Tab>
        </Tabs>
      </PageSection>
    </>
  );
}
