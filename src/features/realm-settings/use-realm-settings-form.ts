import { useMemo } from "react";
import type { FieldValues } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useValuesForm } from "../../core/ui/form/index.ts";
import { refreshRealm, saveRealm, type Realm } from "./queries.ts";
import "./messages.ts";

/**
 * A settings tab's form over the realm: values from the realm (again whenever the realm changes), and a save
 * that PUTs the changes, keeps the saved values as the new start and tells the outcome.
 */
export function useRealmSettingsForm<V extends FieldValues>(
  realm: Realm,
  toValues: (realm: Realm) => V,
  toChanges: (values: V) => Partial<Realm>,
) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const initial = useMemo(() => toValues(realm), [realm, toValues]);
  const form = useValuesForm(initial);

  const save = async (values: V) => {
    try {
      await saveRealm(adminClient, realm, toChanges(values));
      form.reset(values);
      await refreshRealm(queryClient, realm.realm ?? "");
      addAlert(t("realmSaveSuccess"));
    } catch (error) {
      addError("realmSaveError", error);
    }
  };
  return { form, initial, save };
}
