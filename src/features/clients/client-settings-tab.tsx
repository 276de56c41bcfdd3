import { FormProvider } from "react-hook-form";
import { ActionGroup, Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { errorDescription, errorMessage, responseStatus } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { SubmitButton, UnsavedChangesGuard, useKcForm } from "../../core/ui/form/index.ts";
import { CapabilityConfigFields } from "./capability-config-fields.tsx";
import {
  applyClientFormValues,
  clientErrorField,
  toClientFormValues,
  type ClientFormValues,
} from "./client-form-values.ts";
import { GeneralSettingsFields } from "./general-settings-fields.tsx";
import { LoginSettingsFields } from "./login-settings-fields.tsx";
import "./messages.ts";

export interface ClientSettingsTabProps {
  client: ClientRepresentation;
  canManage: boolean;
  onSave(client: ClientRepresentation): Promise<void>;
}

/** General settings, access settings (URLs and redirect URIs) and, for OIDC, capability config; Save and Revert. */
export function ClientSettingsTab({ client, canManage, onSave }: ClientSettingsTabProps) {
  const { t } = useMessages();
  const alerts = useAlerts();
  const form = useKcForm<ClientFormValues>({
    values: toClientFormValues(client),
    resetOptions: { keepDirtyValues: true },
  });
  const isDisabled = !canManage;

  const submit = async (values: ClientFormValues) => {
    try {
      await onSave(applyClientFormValues(client, values));
      form.reset(values);
      alerts.addAlert(t("clientSaveSuccess"));
    } catch (error) {
      alerts.addError("clientSaveError", error);
      const message = errorDescription(error) ?? errorMessage(error);
      const field = clientErrorField(responseStatus(error), message);
      if (field) form.setError(field, { type: "server", message }, { shouldFocus: true });
    }
  };

  return (
    <FormProvider {...form}>
      <Form isHorizontal onSubmit={form.handleSubmit(submit)} style={{ maxWidth: "60rem" }}>
        <FormSection title={t("generalSettings")} titleElement="h2">
          <GeneralSettingsFields isNew={false} isDisabled={isDisabled} />
        </FormSection>
        <FormSection title={t("accessSettings")} titleElement="h2">
          <LoginSettingsFields isDisabled={isDisabled} />
        </FormSection>
        {client.protocol !== "saml" && client.bearerOnly !== true && (
          <FormSection title={t("capabilityConfig")} titleElement="h2">
            <CapabilityConfigFields isDisabled={isDisabled} />
          </FormSection>
        )}
        {canManage && (
          <ActionGroup>
            <SubmitButton<ClientFormValues>>{t("save")}</SubmitButton>
            <Button variant="link" onClick={() => form.reset()}>
              {t("revert")}
            </Button>
          </ActionGroup>
        )}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
