import { useState } from "react";
import { useNavigate } from "react-router";
import { FormProvider, useWatch, type FieldPath } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { Wizard, WizardStep } from "@patternfly/react-core/dist/esm/components/Wizard/index.js";
import { errorDescription, errorMessage, responseStatus } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { UnsavedChangesGuard, useKcForm, useNavigateWhenSaved } from "../../../core/ui/form/index.ts";
import { CapabilityConfigFields } from "../details/settings/capability-config-fields.tsx";
import {
  applyClientFormValues,
  clientErrorField,
  NEW_CLIENT_VALUES,
  type ClientFormValues,
} from "../details/settings/client-form-values.ts";
import { OIDC } from "../client-protocol.ts";
import { clientKeys, createClient } from "../client-queries.ts";
import { ClientWizardFooter } from "./client-wizard-footer.tsx";
import { GeneralSettingsFields } from "../details/settings/general-settings-fields.tsx";
import { LoginSettingsFields } from "../details/settings/login-settings-fields.tsx";
import { toClient, toClients } from "../paths.ts";
import "../messages.ts";

const STEP_FIELDS: Record<string, FieldPath<ClientFormValues>[]> = {
  general: ["protocol", "clientId", "name", "description", "alwaysDisplayInConsole"],
  capability: ["clientAuthentication", "authorizationServicesEnabled", "pkceMethod"],
  login: [
    "rootUrl",
    "baseUrl",
    "redirectUris",
    "postLogoutRedirectUris",
    "webOrigins",
    "idpInitiatedSsoUrlName",
    "idpInitiatedSsoRelayState",
    "adminUrl",
  ],
};
const stepOf = (field: string) => Object.keys(STEP_FIELDS).find((step) => STEP_FIELDS[step]!.includes(field as never));

/** `/:realm/clients/add-client`: general settings, capability config (OIDC), login settings; Save creates. */
export default function CreateClientPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const [isSaving, setSaving] = useState(false);
  const form = useKcForm<ClientFormValues>({ defaultValues: NEW_CLIENT_VALUES });
  const isOidc = useWatch({ control: form.control, name: "protocol" }) === OIDC;

  const save = async (): Promise<string | undefined> => {
    if (!(await form.trigger())) {
      const invalid = Object.keys(form.formState.errors)[0];
      return invalid ? stepOf(invalid) : undefined;
    }
    const values = form.getValues();
    setSaving(true);
    try {
      const id = await createClient(adminClient, realm, applyClientFormValues({ enabled: true }, values));
      alerts.addAlert(t("createClientSuccess"));
      await queryClient.invalidateQueries({ queryKey: clientKeys.all(realm) });
      navigateSaved(toClient(realm, id));
      return undefined;
    } catch (error) {
      alerts.addError("createClientError", error);
      const message = errorDescription(error) ?? errorMessage(error);
      const field = clientErrorField(responseStatus(error), message);
      if (!field) return undefined;
      form.setError(field, { type: "server", message }, { shouldFocus: true });
      return stepOf(field);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("createClient")}</Title>
        <p>{t("clientsExplain")}</p>
      </PageSection>
      <PageSection>
        <FormProvider {...form}>
          <Form isHorizontal onSubmit={(event) => event.preventDefault()} style={{ maxWidth: "60rem" }}>
            <Wizard
              navAriaLabel={t("clientsWizardSteps")}
              isVisitRequired
              footer={
                <ClientWizardFooter
                  validateStep={(step) => form.trigger(STEP_FIELDS[step])}
                  onSave={save}
                  onCancel={() => navigate(toClients(realm))}
                  isSaving={isSaving}
                />
              }
            >
              <WizardStep id="general" name={t("generalSettings")}>
                <GeneralSettingsFields isNew />
              </WizardStep>
              {isOidc && (
                <WizardStep id="capability" name={t("capabilityConfig")}>
                  <CapabilityConfigFields />
                </WizardStep>
              )}
              <WizardStep id="login" name={t("loginSettings")}>
                <LoginSettingsFields />
              </WizardStep>
            </Wizard>
            <UnsavedChangesGuard when={form.formState.isDirty && !saved} />
          </Form>
        </FormProvider>
      </PageSection>
    </>
  );
}
