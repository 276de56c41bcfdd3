import { useLocation } from "react-router";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { RoutableTabs } from "../../../core/ui/page/index.ts";
import { CLIENT_POLICIES_TABS, type ClientPoliciesTabKey } from "./paths.ts";
import { PoliciesList } from "./policies-list.tsx";
import { ProfilesList } from "./profiles-list.tsx";
import { QueryState } from "./query-state.tsx";
import { useClientPolicies, useClientProfiles } from "./use-client-policies.ts";
import "./client-policies-messages.ts";

function ProfilesTab() {
  const { query } = useClientProfiles();
  return <QueryState query={query}>{(data) => <ProfilesList data={data} />}</QueryState>;
}

function PoliciesTab() {
  const { query } = useClientPolicies();
  return <QueryState query={query}>{(data) => <PoliciesList data={data} />}</QueryState>;
}

const TITLES: Record<ClientPoliciesTabKey, string> = { profiles: "profiles", policies: "policies" };

/** `realm-settings/client-policies/:tab`: client profiles and client policies. */
export function ClientPoliciesTab() {
  const { t } = useMessages();
  const { pathname } = useLocation();
  const [, base, active] = /^(.*\/realm-settings\/client-policies)(?:\/([^/]+))?/.exec(pathname) ?? [];
  const content = { profiles: <ProfilesTab />, policies: <PoliciesTab /> };
  return (
    <RoutableTabs
      aria-label={t("clientPolicies")}
      activeKey={active}
      basePath={base ?? pathname.replace(/\/+$/, "")}
      tabs={CLIENT_POLICIES_TABS.map((key) => ({ key, title: t(TITLES[key]), content: content[key] }))}
      hasSpacedContent
    />
  );
}
