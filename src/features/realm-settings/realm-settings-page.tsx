import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { RoutableTabs, type RoutableTab } from "../../core/ui/page/index.ts";
import { EmailTab } from "./email-tab.tsx";
import { EventsTab } from "./events-tab.tsx";
import { GeneralTab } from "./general-tab.tsx";
import { LoginTab } from "./login-tab.tsx";
import { SecurityDefensesTab } from "./security-defenses-tab.tsx";
import { SessionsTab } from "./sessions-tab.tsx";
import { ThemesTab } from "./themes-tab.tsx";
import { TokensTab } from "./tokens-tab.tsx";
import { KeysTab } from "./keys/keys-tab.tsx";
import { LocalizationTab } from "./localization/localization-tab.tsx";
import { UserRegistrationTab } from "./user-registration-tab.tsx";
import { UserProfileTab } from "./user-profile/user-profile-tab.tsx";
import { ClientPoliciesTab } from "./client-policies/client-policies-tab.tsx";
import { REALM_SETTINGS_TABS, type RealmSettingsTab } from "./paths.ts";
import { fetchRealmSettings, realmSettingsKey, type Realm } from "./queries.ts";
import { RealmSettingsHeader } from "./realm-settings-header.tsx";
import "./messages.ts";
import "./realm-settings.css";

const TAB_TITLES: Record<RealmSettingsTab, string> = {
  general: "general",
  login: "login",
  email: "email",
  themes: "themes",
  keys: "keys",
  events: "events",
  localization: "localization",
  "security-defenses": "securityDefences",
  sessions: "sessions",
  tokens: "tokens",
  "client-policies": "clientPolicies",
  "user-profile": "userProfile",
  "user-registration": "userRegistration",
};

/** `/:realm/realm-settings/:tab`: the realm's header (enabled, import, export, delete) and its settings tabs. */
export default function RealmSettingsPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const query = useQuery({
    queryKey: realmSettingsKey(realm),
    queryFn: () => fetchRealmSettings(adminClient, realm),
  });
  if (query.isPending) return <LoadingSpinner />;
  if (query.error || !query.data) {
    return (
      <PageSection>
        <Alert
          variant="danger"
          isInline
          title={query.error ? t("rsLoadFailed", { message: errorMessage(query.error) }) : t("rsNotFound")}
          data-testid="realm-settings-error"
        />
      </PageSection>
    );
  }
  return <RealmSettingsView realm={query.data} />;
}

/** The tab of `realm-settings/:tab` and of deeper addresses such as `realm-settings/keys/:subTab`. */
const tabOf = (pathname: string) => /\/realm-settings\/([^/]+)/.exec(pathname)?.[1];

function RealmSettingsView({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const currentRealm = useCurrentRealm();
  const { pathname } = useLocation();
  const content: Record<RealmSettingsTab, ReactNode> = {
    general: <GeneralTab realm={realm} />,
    login: <LoginTab realm={realm} />,
    email: <EmailTab realm={realm} />,
    themes: <ThemesTab realm={realm} />,
    sessions: <SessionsTab realm={realm} />,
    events: <EventsTab realm={realm} />,
    "security-defenses": <SecurityDefensesTab realm={realm} />,
    tokens: <TokensTab realm={realm} />,
    "user-registration": <UserRegistrationTab realm={realm} />,
    "user-profile": <UserProfileTab />,
    "client-policies": <ClientPoliciesTab />,
    keys: <KeysTab realm={realm} />,
    localization: <LocalizationTab realm={realm} />,
  };
  const tabs: RoutableTab[] = REALM_SETTINGS_TABS.map((key) => ({
    key,
    title: t(TAB_TITLES[key]),
    content: content[key],
  }));
  return (
    <>
      <RealmSettingsHeader realm={realm} />
      <PageSection>
        <RoutableTabs
          aria-label={t("rsTabsLabel")}
          tabs={tabs}
          hasSpacedContent
          activeKey={tabOf(pathname)}
          basePath={`/${currentRealm}/realm-settings`}
        />
      </PageSection>
    </>
  );
}
