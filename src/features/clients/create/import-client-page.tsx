import { useState } from "react";
import { useNavigate } from "react-router";
import { FormProvider, useWatch } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { ActionGroup, Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { errorDescription, errorMessage, responseStatus } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { UnsavedChangesGuard, useKcForm, useNavigateWhenSaved } from "../../../core/ui/form/index.ts";
import { ClientDescriptionUpload } from "./client-description-upload.tsx";
import { CapabilityConfigFields } from "../details/settings/capability-config-fields.tsx";
import {
  applyClientFormValues,
  clientErrorField,
  NEW_CLIENT_VALUES,
  toClientFormValues,
  type ClientFormValues,
} from "../details/settings/client-form-values.ts";
import { OIDC } from "../client-protocol.ts";
import { clientKeys, createClient } from "../client-queries.ts";
import { GeneralSettingsFields } from "../details/settings/general-settings-fields.tsx";
import { LoginSettingsFields } from "../details/settings/login-settings-fields.tsx";
import { toClient, toClients } from "../paths.ts";
import "./import-client-messages.ts";
import "../messages.ts";

interface ImportValues extends ClientFormValues {
  resourceFile?: unknown;
}

const isClientRepresentation = (value: unknown): value is ClientRepresentation =>
  !!value && typeof value === "object" && !Array.isArray(value);

/**
 * `clients/import-client`: a client's JSON resource file fills the create form; the file's other
 * fields (roles, mappers, attributes) are sent along when Save creates the client.
 */
export default function ImportClientPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const [resource, setResource] = useState<ClientRepresentation>({});
  const form = useKcForm<ImportValues>({ defaultValues: NEW_CLIENT_VALUES });
  const isOidc = useWatch({ control: form.control, name: "protocol" }) === OIDC;

  const useFile = (parsed: unknown) => {
    const client = isClientRepresentation(parsed) ? parsed : {};
    setResource(client);
    form.reset({ ...toClientFormValues(client), resourceFile: parsed }, { keepDefaultValues: true });
  };

  const submit = form.handleSubmit(async ({ resourceFile: _file, ...values }) => {
    const { id: _id, ...imported } = resource;
    try {
      const id = await createClient(adminClient, realm, applyClientFormValues({ enabled: true, ...imported }, values));
      alerts.addAlert(t("clientImportSuccess"));
      await queryClient.invalidateQueries({ queryKey: clientKeys.all(realm) });
      navigateSaved(toClient(realm, id));
    } catch (error) {
      alerts.addError("clientImportError", error);
      const message = errorDescription(error) ?? errorMessage(error);
      const field = clientErrorField(responseStatus(error), message);
      if (field) form.setError(field, { type: "server", message }, { shouldFocus: true });
    }
  });

  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("importClient")}</Title>
        <p>{t("clientsExplain")}</p>
      </PageSection>
      <PageSection>
        <FormProvider {...form}>
          <Form isHorizontal onSubmit={submit} noValidate style={{ maxWidth: "60rem" }}>
            <ClientDescriptionUpload onClient={useFile} />
            <FormSection title={t("generalSettings")}>
              <GeneralSettingsFields isNew />
            </FormSection>
            {isOidc && (
              <FormSection title={t("capabilityConfig")}>
                <CapabilityConfigFields />
              </FormSection>
            )}
            <FormSection title={t("loginSettings")}>
              <LoginSettingsFields />
            </FormSection>
            <ActionGroup>
              <Button type="submit" isLoading={form.formState.isSubmitting} isDisabled={form.formState.isSubmitting}>
                {t("save")}
              </Button>
              <Button variant="link" onClick={() => navigate(toClients(realm))}>
                {t("cancel")}
              </Button>
            </ActionGroup>
            <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
          </Form>
        </FormProvider>
      </PageSection>
    </>
  );
}
