import { useMessages } from "../../core/i18n/use-messages.ts";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { SelectControl } from "../../core/ui/form/index.ts";
import { InternationalizationFields } from "./internationalization-fields.tsx";
import type { Realm } from "./queries.ts";
import { SettingsForm } from "./settings-form.tsx";
import { THEME_FIELDS, THEME_TYPE, themeNames, toThemesValues, type ThemesValues } from "./themes-values.ts";
import { useRealmSettingsForm } from "./use-realm-settings-form.ts";
import "./messages.ts";
import "./realm-settings.css";

/** The realm's login, account, admin and email themes (from server info), and its locales. */
export function ThemesTab({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const serverInfo = useServerInfo();
  const { form, initial, save } = useRealmSettingsForm(realm, toThemesValues, (values: ThemesValues) => values);

  return (
    <SettingsForm form={form} onSave={save} initial={initial} label={t("themes")}>
      {THEME_FIELDS.map((field) => (
        <SelectControl<ThemesValues>
          key={field}
          name={field}
          label={t(field)}
          labelHelp={t(`${field}Help`)}
          placeholder={t("selectATheme")}
          options={[
            { value: "", label: t("selectATheme") },
            ...themeNames(serverInfo, THEME_TYPE[field]).map((name) => ({ value: name, label: name })),
          ]}
        />
      ))}
      <InternationalizationFields />
    </SettingsForm>
  );
}
