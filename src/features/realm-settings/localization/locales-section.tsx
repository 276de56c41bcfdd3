import { useMessages } from "../../../core/i18n/use-messages.ts";
import { InternationalizationFields, type InternationalizationValues } from "../internationalization-fields.tsx";
import type { Realm } from "../queries.ts";
import { SettingsForm } from "../settings-form.tsx";
import { useRealmSettingsForm } from "../use-realm-settings-form.ts";
import "./localization-messages.ts";

const toValues = (realm: Realm): InternationalizationValues => ({
  internationalizationEnabled: realm.internationalizationEnabled === true,
  supportedLocales: realm.supportedLocales ?? [],
  defaultLocale: realm.defaultLocale ?? "",
});

/** The Locales sub-tab: the realm's internationalization, the same fields (and realm fields) as on the themes tab. */
export function LocalesSection({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const { form, initial, save } = useRealmSettingsForm(realm, toValues, (values: InternationalizationValues) => values);

  return (
    <SettingsForm form={form} onSave={save} initial={initial} label={t("locales")}>
      <InternationalizationFields />
    </SettingsForm>
  );
}
