import { useNavigate } from "react-router";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { Tab, TabTitleText, Tabs } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { TabContent } from "../../../core/ui/page/index.ts";
import { ClientScopesSetupTab } from "./client-scopes-setup-tab.tsx";
import { EvaluateTab } from "./evaluate/evaluate-tab.tsx";
import { toClientScopesTab, type ClientScopesSubTab } from "../paths.ts";
import "./client-scopes-messages.ts";

/** The client's "Client scopes" tab: Setup and Evaluate, at `clients/:clientId/clientScopes/:tab`. */
export function ClientScopesSection({
  client,
  canManage,
  subTab,
}: {
  client: ClientRepresentation;
  canManage: boolean;
  /** The `:tab` of `clients/:clientId/clientScopes/:tab`; unset on `clients/:clientId/clientScopes`. */
  subTab?: string;
}) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const active: ClientScopesSubTab = subTab === "evaluate" ? "evaluate" : "setup";
  return (
    <Tabs
      isSubtab
      activeKey={active}
      aria-label={t("clientScopesSubTabs")}
      onSelect={(_event, key) => navigate(toClientScopesTab(realm, client.id!, key as ClientScopesSubTab))}
      mountOnEnter
      unmountOnExit
    >
      <Tab eventKey="setup" title={<TabTitleText>{t("setup")}</TabTitleText>} data-testid="tab-setup">
        <TabContent>
          <ClientScopesSetupTab client={client} canManage={canManage} />
        </TabContent>
      </Tab>
      <Tab eventKey="evaluate" title={<TabTitleText>{t("evaluate")}</TabTitleText>} data-testid="tab-evaluate">
        <TabContent>
          <EvaluateTab client={client} />
        </TabContent>
      </Tab>
    </Tabs>
  );
}
