import { useEffect, useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { nativeLanguageName } from "../../core/i18n/native-language-name.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { MultiSelectControl, SelectControl, SwitchControl, useKcForm } from "../../core/ui/form/index.ts";
import { refreshRealm, saveRealm, type Realm } from "./queries.ts";
import { SettingsForm } from "./settings-form.tsx";
import {
  THEME_FIELDS,
  THEME_TYPE,
  themeLocales,
  themeNames,
  toThemesValues,
  type ThemesValues,
} from "./themes-values.ts";
import "./messages.ts";
import "./realm-settings.css";

/** The realm's login, account, admin and email themes (from server info), and its locales. */
export function ThemesTab({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const serverInfo = useServerInfo();
  const { addAlert, addError } = useAlerts();
  const initial = useMemo(() => toThemesValues(realm), [realm]);
  const form = useKcForm<ThemesValues>({ defaultValues: initial });
  useEffect(() => form.reset(initial), [form, initial]);
  const i18nOn = form.watch("internationalizationEnabled");
  const supported = form.watch("supportedLocales");
  const locales = themeLocales(serverInfo).map((locale) => ({ value: locale, label: nativeLanguageName(locale) }));

  const save = async (values: ThemesValues) => {
    try {
      await saveRealm(adminClient, realm, values);
      form.reset(values);
      await refreshRealm(queryClient, realm.realm ?? "");
      addAlert(t("realmSaveSuccess"));
    } catch (error) {
      addError("realmSaveError", error);
    }
  };

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
      <SwitchControl<ThemesValues>
        name="internationalizationEnabled"
        label={t("internationalization")}
        labelHelp={t("internationalizationHelp")}
        onText={t("enabled")}
        offText={t("disabled")}
      />
      {i18nOn && (
        <>
          <MultiSelectControl<ThemesValues>
            name="supportedLocales"
            label={t("supportedLocales")}
            options={locales}
            rules={{ validate: (value) => (Array.isArray(value) && value.length > 0) || t("rsLocalesRequired") }}
          />
          <SelectControl<ThemesValues>
            name="defaultLocale"
            label={t("defaultLocale")}
            options={locales.filter((locale) => supported.includes(locale.value))}
            rules={{
              validate: (value) => supported.includes(String(value)) || t("rsDefaultLocaleNotSupported"),
            }}
          />
        </>
      )}
    </SettingsForm>
  );
}
