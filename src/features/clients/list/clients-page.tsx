import type { ReactNode } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Tab, TabTitleText, Tabs } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { PanelBoundary } from "../../../core/ui/boundaries/panel-boundary.tsx";
import { ClientRegistrationTab } from "../registration/client-registration-tab.tsx";
import { ClientsList } from "./clients-list.tsx";
import { InitialAccessTokensTab } from "../initial-access-tokens/initial-access-tokens-tab.tsx";
import { toClientRegistration, toClients, type ClientsTab } from "../paths.ts";
import "./client-list-tabs-messages.ts";
import "../messages.ts";

/** The tab a path shows: `clients/:tab`, or `clients/client-registration/:subTab`. */
function activeTab(pathname: string, tab: string | undefined): ClientsTab {
  if (/\/clients\/client-registration(\/|$)/.test(pathname)) return "client-registration";
  return tab === "initial-access-token" ? "initial-access-token" : "list";
}

/**
 * `/:realm/clients`, `/clients/:tab` and `/clients/client-registration/:subTab`: the list page. Initial access
 * tokens and client registration need view-clients (query-clients alone shows the list).
 */
export default function ClientsPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const canView = useAccess().hasAccess("view-clients");
  const active = activeTab(pathname, useParams().tab);
  const tabs: { key: ClientsTab; title: string; content: ReactNode }[] = [
    { key: "list", title: t("clientsList"), content: <ClientsList /> },
  ];
  if (canView) {
    tabs.push(
      { key: "initial-access-token", title: t("initialAccessToken"), content: <InitialAccessTokensTab /> },
      { key: "client-registration", title: t("clientRegistration"), content: <ClientRegistrationTab /> },
    );
  }
  const select = (key: ClientsTab) =>
    navigate(key === "client-registration" ? toClientRegistration(realm) : toClients(realm, key));
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("clients")}</Title>
        <Content component="p">{t("clientsExplain")}</Content>
      </PageSection>
      <PageSection>
        <Tabs
          activeKey={tabs.some((tab) => tab.key === active) ? active : "list"}
          onSelect={(_event, key) => select(key as ClientsTab)}
          aria-label={t("clientsListTabs")}
          mountOnEnter
          unmountOnExit
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.key}
              eventKey={tab.key}
              title={<TabTitleText>{tab.title}</TabTitleText>}
              data-testid={`tab-${tab.key}`}
            >
              <PanelBoundary resetKey={tab.key}>{tab.content}</PanelBoundary>
            </Tab>
          ))}
        </Tabs>
      </PageSection>
    </>
  );
}
