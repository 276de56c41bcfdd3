import { useNavigate } from "react-router";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { Tab, TabTitleText, Tabs } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { TabContent } from "../../../core/ui/page/index.ts";
import { AUTHORIZATION_TABS, toAuthorizationTab, type AuthorizationTab } from "../paths.ts";
import { AuthorizationSettingsTab } from "./settings-tab.tsx";
import { ResourcesTab } from "./resources/resources-tab.tsx";
import { AuthorizationScopesTab } from "./scopes/scopes-tab.tsx";
import { PoliciesTab } from "./policies/policies-tab.tsx";
import { PermissionsTab } from "./permissions/permissions-tab.tsx";
import { AuthorizationEvaluateTab } from "./evaluate/evaluate-tab.tsx";
import { AuthorizationExportTab } from "./export-tab.tsx";
import "./authorization-messages.ts";

/** Whether the caller may change the client's authorization (manage-clients or manage-authorization). */
export function useCanManageAuthorization(): boolean {
  const access = useAccess();
  return access.hasAccess("manage-clients") || access.hasAccess("manage-authorization");
}

/** The client's "Authorization" tab: its sub-tabs at `clients/:clientId/authorization/:tab`. */
export function ClientAuthorizationTab({ client, subTab }: { client: ClientRepresentation; subTab?: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const clientUuid = client.id ?? "";
  const active: AuthorizationTab = AUTHORIZATION_TABS.includes(subTab as AuthorizationTab)
    ? (subTab as AuthorizationTab)
    : "settings";
  const content = (tab: AuthorizationTab) => {
    switch (tab) {
      case "settings":
        return <AuthorizationSettingsTab clientUuid={clientUuid} />;
      case "resources":
        return <ResourcesTab clientUuid={clientUuid} />;
      case "scopes":
        return <AuthorizationScopesTab clientUuid={clientUuid} />;
      case "policies":
        return <PoliciesTab clientUuid={clientUuid} />;
      case "permissions":
        return <PermissionsTab clientUuid={clientUuid} />;
      case "evaluate":
        return <AuthorizationEvaluateTab client={client} />;
      default:
        return <AuthorizationExportTab clientUuid={clientUuid} />;
    }
  };
  return (
    <Tabs
      isSubtab
      activeKey={active}
      aria-label={t("authzTabs")}
      onSelect={(_event, key) => navigate(toAuthorizationTab(realm, clientUuid, key as AuthorizationTab))}
      mountOnEnter
      unmountOnExit
    >
      {AUTHORIZATION_TABS.map((tab) => (
        <Tab key={tab} eventKey={tab} title={<TabTitleText>{t(tab)}</TabTitleText>} data-testid={`authz-tab-${tab}`}>
          <TabContent>{content(tab)}</TabContent>
        </Tab>
      ))}
    </Tabs>
  );
}
