import { FormProvider } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { SaveRevertActions, UnsavedChangesGuard, useKcForm } from "../../core/ui/form/index.ts";
import { toFormValues, toRepresentation, type ProviderFormValues } from "./provider-form-values.ts";
import { ProviderSettingsFields } from "./provider-settings-fields.tsx";
import { identityProvidersKey, updateIdentityProvider, type IdentityProvider } from "./queries.ts";
import "./messages.ts";

/** A saved provider's settings; a failed save keeps the form as typed. */
export function SettingsTab({ provider }: { provider: IdentityProvider }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const canManage = useAccess().hasAccess("manage-identity-providers");
  const providerId = provider.providerId ?? "";
  const form = useKcForm<ProviderFormValues>({ defaultValues: toFormValues(provider, providerId) });

  const submit = form.handleSubmit(async (values) => {
    try {
      await updateIdentityProvider(
        adminClient,
        realm,
        provider.alias ?? "",
        toRepresentation(values, providerId, provider),
      );
      form.reset(values);
      await queryClient.invalidateQueries({ queryKey: identityProvidersKey(realm) });
      addAlert(t("updateSuccessIdentityProvider"));
    } catch (error) {
      addError("updateErrorIdentityProvider", error);
    }
  });

  return (
    <FormProvider {...form}>
      <Form onSubmit={submit} noValidate aria-label={t("settings")} isWidthLimited>
        <ProviderSettingsFields providerId={providerId} isNew={false} />
        {canManage && <SaveRevertActions onRevert={() => form.reset(toFormValues(provider, providerId))} />}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
