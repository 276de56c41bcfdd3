import { useEffect, useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useKcForm } from "../../../core/ui/form/index.ts";
import { InternationalizationFields, type InternationalizationValues } from "../internationalization-fields.tsx";
import { refreshRealm, saveRealm, type Realm } from "../queries.ts";
import { SettingsForm } from "../settings-form.tsx";
import "./localization-messages.ts";

const toValues = (realm: Realm): InternationalizationValues => ({
  internationalizationEnabled: realm.internationalizationEnabled === true,
  supportedLocales: realm.supportedLocales ?? [],
  defaultLocale: realm.defaultLocale ?? "",
});

/** The Locales sub-tab: the realm's internationalization, the same fields (and realm fields) as on the themes tab. */
export function LocalesSection({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const initial = useMemo(() => toValues(realm), [realm]);
  const form = useKcForm<InternationalizationValues>({ defaultValues: initial });
  useEffect(() => form.reset(initial), [form, initial]);

  const save = async (values: InternationalizationValues) => {
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
    <SettingsForm form={form} onSave={save} initial={initial} label={t("locales")}>
      <InternationalizationFields />
    </SettingsForm>
  );
}
