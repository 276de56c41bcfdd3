import { useState } from "react";
import { Tab, TabTitleText, Tabs } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import type { Realm } from "../queries.ts";
import { EffectiveBundlesSection } from "./effective-bundles-section.tsx";
import { LocalesSection } from "./locales-section.tsx";
import { RealmOverridesSection } from "./realm-overrides-section.tsx";
import "./localization-messages.ts";
import "./localization.css";

const SUB_TABS = ["locales", "realmOverrides", "effectiveMessageBundles"] as const;
type SubTab = (typeof SUB_TABS)[number];

/** `realm-settings/localization`: locales, the realm's own texts, and the effective message bundles. */
export function LocalizationTab({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const [active, setActive] = useState<SubTab>("locales");
  return (
    <Tabs
      isSubtab
      activeKey={active}
      aria-label={t("localization")}
      onSelect={(_event, key) => setActive(key as SubTab)}
      mountOnEnter
      unmountOnExit
    >
      {SUB_TABS.map((key) => (
        <Tab key={key} eventKey={key} title={<TabTitleText>{t(key)}</TabTitleText>}>
          <div className="kc-localization-section">
            {key === "locales" && <LocalesSection realm={realm} />}
            {key === "realmOverrides" && <RealmOverridesSection realm={realm} />}
            {key === "effectiveMessageBundles" && <EffectiveBundlesSection realm={realm} />}
          </div>
        </Tab>
      ))}
    </Tabs>
  );
}
