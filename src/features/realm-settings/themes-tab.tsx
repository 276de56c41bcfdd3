import { useEffect, useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { SelectControl, useKcForm } from "../../core/ui/form/index.ts";
import { InternationalizationFields } from "./internationalization-fields.tsx";
import { refreshRealm, saveRealm, type Realm } from "./queries.ts";
import { SettingsForm } from "./settings-form.tsx";
import { THEME_FIELDS, THEME_TYPE, themeNames, toThemesValues, type ThemesValues } from "./themes-values.ts";
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
      <InternationalizationFields />
    </SettingsForm>
  );
}
