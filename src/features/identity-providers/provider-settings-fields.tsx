import { useFormContext } from "react-hook-form";
import { FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { CopyToClipboardField } from "../../core/ui/form/copy-to-clipboard-field.tsx";
import { PasswordControl } from "../../core/ui/form/password-control.tsx";
import { TextControl } from "../../core/ui/form/text-control.tsx";
import { AdvancedSettingsFields } from "./advanced-settings-fields.tsx";
import { DescriptorFileField } from "./descriptor-file-field.tsx";
import { MetadataImportField } from "./metadata-import-field.tsx";
import { OidcAdvancedFields } from "./oidc-advanced-fields.tsx";
import { OidcClientAuthenticationFields } from "./oidc-client-authentication-fields.tsx";
import { OidcSignatureFields } from "./oidc-signature-fields.tsx";
import { SamlSettingsFields } from "./saml-settings-fields.tsx";
import { SocialProviderFields } from "./social-provider-fields.tsx";
import { isOidcFamily } from "./provider-catalogue.ts";
import { ALIAS_PATTERN, type ProviderFormValues } from "./provider-form-values.ts";
import "./messages.ts";

const HTTP_URL = /^https?:\/\/\S+$/;

function UrlField({ name, label, required }: { name: `config.${string}`; label: string; required?: boolean }) {
  const { t } = useMessages();
  return (
    <TextControl<ProviderFormValues>
      name={name}
      type="url"
      label={label}
      rules={{
        required: required ? t("required") : undefined,
        validate: (value) => !String(value ?? "").trim() || HTTP_URL.test(String(value).trim()) || t("urlRequired"),
      }}
    />
  );
}

function OidcFields() {
  const { t } = useMessages();
  return (
    <FormSection title={t("oidcSettings")} titleElement="h2">
      <UrlField name="config.authorizationUrl" label={t("authorizationUrl")} required />
      <UrlField name="config.tokenUrl" label={t("tokenUrl")} required />
      <UrlField name="config.logoutUrl" label={t("logoutUrl")} />
      <UrlField name="config.userInfoUrl" label={t("userInfoUrl")} />
      <TextControl<ProviderFormValues> name="config.issuer" label={t("issuer")} />
      <OidcSignatureFields urlField={(name, label) => <UrlField name={name} label={label} required />} />
      <OidcClientAuthenticationFields />
      <ClientCredentials />
    </FormSection>
  );
}

function ClientCredentials() {
  const { t } = useMessages();
  return (
    <>
      <TextControl<ProviderFormValues>
        name="config.clientId"
        label={t("clientId")}
        rules={{ required: t("required") }}
      />
      <PasswordControl<ProviderFormValues> name="config.clientSecret" label={t("clientSecret")} autoComplete="off" />
    </>
  );
}

/** The general settings and the provider type's own settings; inside a FormProvider. */
export function ProviderSettingsFields({ providerId, isNew }: { providerId: string; isNew: boolean }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alias = useFormContext<ProviderFormValues>().watch("alias");
  const redirectUri = `${adminClient.baseUrl}/realms/${realm}/broker/${alias}/endpoint`;
  return (
    <>
      <FormSection title={t("generalSettings")} titleElement="h2">
        <CopyToClipboardField label={t("redirectURI")} value={redirectUri} />
        <TextControl<ProviderFormValues>
          name="alias"
          label={t("alias")}
          isReadOnly={!isNew}
          helperText={t("aliasHelp")}
          rules={{
            required: t("aliasRequired"),
            pattern: { value: ALIAS_PATTERN, message: t("invalidAlias") },
          }}
        />
        <TextControl<ProviderFormValues> name="displayName" label={t("displayName")} />
        <TextControl<ProviderFormValues> name="config.guiOrder" label={t("displayOrder")} />
      </FormSection>
      {(isOidcFamily(providerId) || providerId === "saml") && <MetadataImportField providerId={providerId} />}
      {providerId === "saml" && <DescriptorFileField providerId={providerId} />}
      {isOidcFamily(providerId) ? (
        <>
          <OidcFields />
          <OidcAdvancedFields />
        </>
      ) : providerId === "saml" ? (
        <SamlSettingsFields
          isNew={isNew}
          urlField={(name, label, required) => <UrlField name={name} label={label} required={required} />}
        />
      ) : (
        <FormSection title={t("providerDetails")} titleElement="h2">
          <ClientCredentials />
          <TextControl<ProviderFormValues> name="config.defaultScope" label={t("scopes")} />
          <SocialProviderFields providerId={providerId} isNew={isNew} />
        </FormSection>
      )}
      <AdvancedSettingsFields />
    </>
  );
}
