import { useNavigate, useParams } from "react-router";
import { Tab, TabTitleText, Tabs } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { ClientRegistrationPolicies } from "./client-registration-policies.tsx";
import { toClientRegistration, type ClientRegistrationTab } from "../paths.ts";
import "../list/client-list-tabs-messages.ts";

const SUB_TABS: { key: ClientRegistrationTab; title: string }[] = [
  { key: "anonymous", title: "anonymousAccessPolicies" },
  { key: "authenticated", title: "authenticatedAccessPolicies" },
];

/** `clients/client-registration/:subTab`: anonymous and authenticated access policies. */
export function ClientRegistrationTab() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const active: ClientRegistrationTab = useParams().subTab === "authenticated" ? "authenticated" : "anonymous";
  return (
    <Tabs
      isSubtab
      activeKey={active}
      aria-label={t("clientRegistration")}
      onSelect={(_event, key) => navigate(toClientRegistration(realm, key as ClientRegistrationTab))}
      mountOnEnter
      unmountOnExit
    >
      {SUB_TABS.map((tab) => (
        <Tab key={tab.key} eventKey={tab.key} title={<TabTitleText>{t(tab.title)}</TabTitleText>}>
          <ClientRegistrationPolicies subTab={tab.key} />
        </Tab>
      ))}
    </Tabs>
  );
}
