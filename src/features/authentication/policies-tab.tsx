import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Tab, Tabs, TabTitleText } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { TabPanel } from "../../core/ui/page/index.ts";
import { CibaPolicyForm } from "./ciba-policy-form.tsx";
import { OtpPolicyForm } from "./otp-policy-form.tsx";
import { PasswordPolicyForm } from "./password-policy-form.tsx";
import { fetchRealmForAuthentication, policiesRealmKey } from "./queries.ts";
import { WebAuthnPolicyForm } from "./webauthn-policy-form.tsx";
import "./messages.ts";

const POLICY_TABS = [
  "passwordPolicy",
  "otpPolicy",
  "webauthnPolicy",
  "webauthnPasswordlessPolicy",
  "cibaPolicy",
] as const;
type PolicyTab = (typeof POLICY_TABS)[number];

/** The realm's credential policies, one sub-tab each as in Keycloak's console; each saves with a realm update. */
export function PoliciesTab() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const [active, setActive] = useState<PolicyTab>("passwordPolicy");
  const query = useQuery({
    queryKey: policiesRealmKey(realm),
    queryFn: () => fetchRealmForAuthentication(adminClient, realm),
  });
  if (query.isPending) return <LoadingSpinner />;
  if (query.error || !query.data)
    return (
      <Alert
        variant="danger"
        isInline
        title={t("authnPoliciesLoadFailed", { message: errorMessage(query.error ?? "") })}
      />
    );
  const rep = query.data;
  const content = (tab: PolicyTab) => {
    if (tab !== active) return null;
    if (tab === "passwordPolicy") return <PasswordPolicyForm realm={rep} />;
    if (tab === "otpPolicy") return <OtpPolicyForm realm={rep} />;
    if (tab === "webauthnPolicy") return <WebAuthnPolicyForm realm={rep} passwordless={false} />;
    if (tab === "webauthnPasswordlessPolicy") return <WebAuthnPolicyForm realm={rep} passwordless />;
    return <CibaPolicyForm realm={rep} />;
  };
  return (
    <Tabs
      activeKey={active}
      onSelect={(_event, key) => setActive(key as PolicyTab)}
      aria-label={t("authnPolicyTabs")}
      isSubtab
      mountOnEnter
      unmountOnExit
    >
      {POLICY_TABS.map((tab) => (
        <Tab key={tab} eventKey={tab} title={<TabTitleText>{t(tab)}</TabTitleText>}>
          <TabPanel>{content(tab)}</TabPanel>
        </Tab>
      ))}
    </Tabs>
  );
}
