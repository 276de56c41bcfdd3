import { useQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { Tab, TabTitleText, Tabs } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { KEYS_SUB_TABS, toKeysTab, type KeysSubTab } from "../paths.ts";
import type { Realm } from "../queries.ts";
import { KeyProvidersList } from "./key-providers-list.tsx";
import { KeysList } from "./keys-list.tsx";
import { keysKeys, loadKeyProviders } from "./keys-queries.ts";
import "./keys-messages.ts";
import "./keys.css";

const TITLES: Record<KeysSubTab, string> = { list: "keysList", providers: "providers" };

/** `realm-settings/keys/:subTab`: the keys list and the key providers. */
export function KeysTab({ realm: representation }: { realm: Realm }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const realmId = representation.id ?? "";
  const subTab = useParams().subTab;
  const active: KeysSubTab = subTab === "providers" ? "providers" : "list";
  const providers = useQuery({
    queryKey: keysKeys.providers(realm),
    queryFn: () => loadKeyProviders(adminClient, realm, realmId),
    staleTime: 30_000,
  });
  const providerNames = new Map((providers.data ?? []).map((provider) => [provider.id!, provider.name ?? ""]));
  return (
    <Tabs
      isSubtab
      activeKey={active}
      aria-label={t("keys")}
      onSelect={(_event, key) => navigate(toKeysTab(realm, key as KeysSubTab))}
      mountOnEnter
      unmountOnExit
    >
      {KEYS_SUB_TABS.map((key) => (
        <Tab key={key} eventKey={key} title={<TabTitleText>{t(TITLES[key])}</TabTitleText>}>
          <div className="kc-keys-section">
            {key === "list" ? <KeysList providerNames={providerNames} /> : <KeyProvidersList realmId={realmId} />}
          </div>
        </Tab>
      ))}
    </Tabs>
  );
}
