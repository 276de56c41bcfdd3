import type { ReactNode } from "react";
import { FormProvider } from "react-hook-form";
import { Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Grid, GridItem } from "@patternfly/react-core/dist/esm/layouts/Grid/index.js";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { errorDescription, errorMessage, responseStatus } from "../../../../core/api/api-error.ts";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { SaveRevertActions, UnsavedChangesGuard, useKcForm } from "../../../../core/ui/form/index.ts";
import { JumpLinksNav } from "../../../../core/ui/page/index.ts";
import { CapabilityConfigFields } from "./capability-config-fields.tsx";
import { ClientConsentFields } from "./client-consent-fields.tsx";
import { clientErrorField } from "./client-form-values.ts";
import { ClientLogoutFields } from "./client-logout-fields.tsx";
import { SAML } from "../../client-protocol.ts";
import {
  applyClientSettingsValues,
  toClientSettingsValues,
  type ClientSettingsValues,
} from "./client-settings-values.ts";
import { GeneralSettingsFields } from "./general-settings-fields.tsx";
import { LoginSettingsFields } from "./login-settings-fields.tsx";
import { SamlCapabilityFields } from "./saml-capability-fields.tsx";
import { SamlSignatureFields } from "./saml-signature-fields.tsx";
import "./client-settings-messages.ts";
import "../../messages.ts";
import "./client-settings-tab.css";

interface SettingsSection {
  id: string;
  title: string;
  fields: ReactNode;
}

export interface ClientSettingsTabProps {
  client: ClientRepresentation;
  canManage: boolean;
  onSave(client: ClientRepresentation): Promise<void>;
}

/**
 * Keycloak's settings sections with jump links: general, access, SAML capabilities and signature and encryption
 * (SAML) or capability config (OIDC), login and logout settings (not for bearer-only clients); Save and Revert.
 */
export function ClientSettingsTab({ client, canManage, onSave }: ClientSettingsTabProps) {
  const { t } = useMessages();
  const alerts = useAlerts();
  const form = useKcForm<ClientSettingsValues>({
    values: toClientSettingsValues(client),
    resetOptions: { keepDirtyValues: true },
  });
  const isDisabled = !canManage;

  const submit = async (values: ClientSettingsValues) => {
    try {
      await onSave(applyClientSettingsValues(client, values));
      form.reset(values);
      alerts.addAlert(t("clientSaveSuccess"));
    } catch (error) {
      alerts.addError("clientSaveError", error);
      const message = errorDescription(error) ?? errorMessage(error);
      const field = /^Backchannel logout URL/i.test(message)
        ? "settingsAttributes.backchannelLogoutUrl"
        : clientErrorField(responseStatus(error), message);
      if (field) form.setError(field, { type: "server", message }, { shouldFocus: true });
    }
  };

  const isSaml = client.protocol === SAML;
  const hasFlows = client.bearerOnly !== true;
  const section = (id: string, title: string, fields: ReactNode): SettingsSection => ({
    id: `kc-client-settings-${id}`,
    title: t(title),
    fields,
  });
  const sections: SettingsSection[] = [
    section("general", "generalSettings", <GeneralSettingsFields isNew={false} isDisabled={isDisabled} />),
    section("access", "accessSettings", <LoginSettingsFields isDisabled={isDisabled} />),
    ...(!hasFlows
      ? []
      : isSaml
        ? [
            section("saml", "samlCapabilityConfig", <SamlCapabilityFields isDisabled={isDisabled} />),
            section("signature", "signatureAndEncryption", <SamlSignatureFields isDisabled={isDisabled} />),
          ]
        : [section("capability", "capabilityConfig", <CapabilityConfigFields isDisabled={isDisabled} />)]),
    ...(hasFlows
      ? [
          section("login", "loginSettings", <ClientConsentFields isDisabled={isDisabled} />),
          section("logout", "logoutSettings", <ClientLogoutFields isDisabled={isDisabled} />),
        ]
      : []),
  ];

  return (
    <Grid hasGutter>
      <GridItem md={3} className="kc-client-settings-jump-links">
        <JumpLinksNav sections={sections.map(({ id, title }) => ({ id, title }))} />
      </GridItem>
      <GridItem md={9}>
        <FormProvider {...form}>
          <Form isHorizontal onSubmit={form.handleSubmit(submit)} style={{ maxWidth: "60rem" }}>
            {sections.map(({ id, title, fields }) => (
              <FormSection key={id} id={id} title={title} titleElement="h2">
                {fields}
              </FormSection>
            ))}
            {/* Save is enabled while a field is invalid, so that it shows what is wrong (as Keycloak's settings tab). */}
            {canManage && <SaveRevertActions<ClientSettingsValues> allowInvalid onRevert={() => form.reset()} />}
            <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
          </Form>
        </FormProvider>
      </GridItem>
    </Grid>
  );
}
