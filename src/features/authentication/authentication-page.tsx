import { RoutableTabs, ViewHeader } from "../../core/ui/page/index.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { FlowsTab } from "./flows-tab.tsx";
import { PoliciesTab } from "./policies-tab.tsx";
import { RequiredActionsTab } from "./required-actions-tab.tsx";
import "./messages.ts";

/** `/:realm/authentication/:tab`: flows, required actions and the realm's credential policies. */
export default function AuthenticationPage() {
  const { t } = useMessages();
  return (
    <>
      <ViewHeader title={t("titleAuthentication")} subtitle={t("authenticationExplain")} />
      <RoutableTabs
        aria-label={t("authnTabs")}
        hasSpacedContent
        tabs={[
          { key: "flows", title: t("flows"), content: <FlowsTab /> },
          { key: "required-actions", title: t("requiredActions"), content: <RequiredActionsTab /> },
          { key: "policies", title: t("policies"), content: <PoliciesTab /> },
        ]}
      />
    </>
  );
}
