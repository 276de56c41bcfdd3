import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { FormGroup, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useFormContext, useWatch } from "react-hook-form";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { SelectControl } from "../../core/ui/form/select-control.tsx";
import { SwitchControl } from "../../core/ui/form/switch-control.tsx";
import { TextAreaControl } from "../../core/ui/form/text-area-control.tsx";
import { TextControl } from "../../core/ui/form/text-control.tsx";
import { MultiValueControl } from "../../core/ui/form/multi-value-control.tsx";
import { CertificateExpiry } from "./certificate-expiry.tsx";
import type { ProviderFormValues } from "./provider-form-values.ts";
import "./messages.ts";

const NAME_ID_FORMATS = [
  ["persistent", "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent"],
  ["transient", "urn:oasis:names:tc:SAML:2.0:nameid-format:transient"],
  ["email", "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress"],
  ["kerberos", "urn:oasis:names:tc:SAML:2.0:nameid-format:kerberos"],
  ["x509", "urn:oasis:names:tc:SAML:1.1:nameid-format:X509SubjectName"],
  ["windowsDomainQN", "urn:oasis:names:tc:SAML:1.1:nameid-format:WindowsDomainQualifiedName"],
  ["unspecified", "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified"],
] as const;

const SIGNATURE_ALGORITHMS = ["RSA_SHA1", "RSA_SHA256", "RSA_SHA256_MGF1", "RSA_SHA512", "RSA_SHA512_MGF1", "DSA_SHA1"];
const KEY_NAME_TRANSFORMERS = ["NONE", "KEY_ID", "CERT_SUBJECT"];
const COMPARISONS = ["exact", "minimum", "maximum", "better"] as const;
const ENCRYPTION_ALGORITHMS = ["RSA-OAEP", "RSA1_5"];

/** The broker's SP descriptor (`/realms/{realm}/broker/{alias}/endpoint/descriptor`), for the IdP's administrator. */
function ServiceProviderMetadataLink() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alias = useFormContext<ProviderFormValues>().watch("alias");
  const href = `${adminClient.baseUrl}/realms/${encodeURIComponent(realm)}/broker/${encodeURIComponent(alias)}/endpoint/descriptor`;
  return (
    <FormGroup label={t("endpoints")} fieldId="kc-saml-endpoints" role="group">
      <Button
        id="kc-saml-endpoints"
        variant="link"
        isInline
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t("samlEndpointsLabel")}
      </Button>
    </FormGroup>
  );
}

/** A SAML provider's settings: entity IDs, services, bindings, signatures and the principal. */
export function SamlSettingsFields({
  isNew,
  urlField,
}: {
  isNew: boolean;
  urlField: (name: `config.${string}`, label: string, required?: boolean) => React.ReactNode;
}) {
  const { t } = useMessages();
  const { watch } = useFormContext<ProviderFormValues>();
  const principalType = watch("config.principalType") || "SUBJECT";
  const requestsSigned = watch("config.wantAuthnRequestsSigned") === "true";
  const validatesSignatures = useWatch<ProviderFormValues>({ name: "config.validateSignature" }) === "true";
  const assertionsEncrypted = useWatch<ProviderFormValues>({ name: "config.wantAssertionsEncrypted" }) === "true";
  const backchannel = useWatch<ProviderFormValues>({ name: "config.backchannelSupported" }) === "true";
  return (
    <FormSection title={t("samlSettings")} titleElement="h2">
      {!isNew && <ServiceProviderMetadataLink />}
      <TextControl<ProviderFormValues> name="config.entityId" label={t("serviceProviderEntityId")} />
      <TextControl<ProviderFormValues> name="config.idpEntityId" label={t("identityProviderEntityId")} />
      {urlField("config.singleSignOnServiceUrl", t("ssoServiceUrl"), true)}
      {urlField("config.artifactResolutionServiceUrl", t("artifactResolutionServiceUrl"))}
      {urlField("config.singleLogoutServiceUrl", t("singleLogoutServiceUrl"))}
      <SwitchControl<ProviderFormValues>
        name="config.backchannelSupported"
        label={t("backchannelLogout")}
        helperText={t("backchannelLogoutHelp")}
        stringify
      />
      {backchannel && (
        <>
          <SwitchControl<ProviderFormValues>
            name="config.sendIdTokenOnLogout"
            label={t("sendIdTokenOnLogout")}
            stringify
            defaultValue
          />
          <SwitchControl<ProviderFormValues>
            name="config.sendClientIdOnLogout"
            label={t("sendClientIdOnLogout")}
            stringify
          />
        </>
      )}
      <SelectControl<ProviderFormValues>
        name="config.nameIDPolicyFormat"
        label={t("nameIdPolicyFormat")}
        defaultValue={NAME_ID_FORMATS[0][1]}
        options={NAME_ID_FORMATS.map(([key, value]) => ({ value, label: t(key) }))}
      />
      <SelectControl<ProviderFormValues>
        name="config.principalType"
        label={t("principalType")}
        defaultValue="SUBJECT"
        options={[
          { value: "SUBJECT", label: t("subjectNameId") },
          { value: "ATTRIBUTE", label: t("attributeName") },
          { value: "FRIENDLY_ATTRIBUTE", label: t("attributeFriendlyName") },
        ]}
      />
      {principalType !== "SUBJECT" && (
        <TextControl<ProviderFormValues>
          name="config.principalAttribute"
          label={t("principalAttribute")}
          rules={{ required: t("required") }}
        />
      )}
      <SwitchControl<ProviderFormValues> name="config.allowCreate" label={t("allowCreate")} stringify defaultValue />
      <SwitchControl<ProviderFormValues>
        name="config.postBindingResponse"
        label={t("httpPostBindingResponse")}
        stringify
      />
      <SwitchControl<ProviderFormValues>
        name="config.artifactBindingResponse"
        label={t("artifactBindingResponse")}
        helperText={t("artifactBindingResponseHelp")}
        stringify
      />
      <SwitchControl<ProviderFormValues>
        name="config.postBindingAuthnRequest"
        label={t("httpPostBindingAuthnRequest")}
        stringify
      />
      <SwitchControl<ProviderFormValues>
        name="config.postBindingLogout"
        label={t("httpPostBindingLogout")}
        helperText={t("httpPostBindingLogoutHelp")}
        stringify
      />
      <SwitchControl<ProviderFormValues>
        name="config.wantAuthnRequestsSigned"
        label={t("wantAuthnRequestsSigned")}
        stringify
      />
      {requestsSigned && (
        <>
          <SelectControl<ProviderFormValues>
            name="config.signatureAlgorithm"
            label={t("signatureAlgorithm")}
            defaultValue="RSA_SHA256"
            options={SIGNATURE_ALGORITHMS.map((value) => ({ value, label: value }))}
          />
          <SelectControl<ProviderFormValues>
            name="config.xmlSigKeyInfoKeyNameTransformer"
            label={t("samlSignatureKeyName")}
            defaultValue="KEY_ID"
            options={KEY_NAME_TRANSFORMERS.map((value) => ({ value, label: value }))}
          />
        </>
      )}
      <SwitchControl<ProviderFormValues>
        name="config.wantAssertionsSigned"
        label={t("wantAssertionsSigned")}
        stringify
      />
      <SwitchControl<ProviderFormValues>
        name="config.wantAssertionsEncrypted"
        label={t("wantAssertionsEncrypted")}
        stringify
      />
      {assertionsEncrypted && (
        <SelectControl<ProviderFormValues>
          name="config.encryptionAlgorithm"
          label={t("encryptionAlgorithm")}
          defaultValue="RSA-OAEP"
          options={ENCRYPTION_ALGORITHMS.map((value) => ({ value, label: value }))}
        />
      )}
      <SwitchControl<ProviderFormValues> name="config.forceAuthn" label={t("forceAuthentication")} stringify />
      <SwitchControl<ProviderFormValues> name="config.validateSignature" label={t("validateSignature")} stringify />
      {validatesSignatures && (
        <>
          <TextAreaControl<ProviderFormValues>
            name="config.signingCertificate"
            label={t("validatingX509Certs")}
            helperText={t("validatingX509CertsShortHelp")}
            rows={4}
          />
          <CertificateExpiry />
          <SwitchControl<ProviderFormValues>
            name="config.useMetadataDescriptorUrl"
            label={t("useMetadataDescriptorUrl")}
            helperText={t("useMetadataDescriptorUrlShortHelp")}
            stringify
          />
        </>
      )}
      <SwitchControl<ProviderFormValues>
        name="config.signSpMetadata"
        label={t("signServiceProviderMetadata")}
        helperText={t("signServiceProviderMetadataHelp")}
        stringify
      />
      <SwitchControl<ProviderFormValues> name="config.loginHint" label={t("passSubject")} stringify />
      <TextControl<ProviderFormValues>
        name="config.allowedClockSkew"
        label={t("allowedClockSkew")}
        helperText={t("allowedClockSkewHelp")}
        inputProps={{ inputMode: "numeric" }}
        rules={{ pattern: { value: /^\d*$/, message: t("clockSkewInvalid") } }}
      />
      <TextControl<ProviderFormValues>
        name="config.attributeConsumingServiceIndex"
        label={t("attributeConsumingServiceIndex")}
        helperText={t("attributeConsumingServiceIndexHelp")}
        inputProps={{ inputMode: "numeric" }}
        rules={{ pattern: { value: /^\d*$/, message: t("attributeConsumingServiceIndexInvalid") } }}
      />
      <TextControl<ProviderFormValues>
        name="config.attributeConsumingServiceName"
        label={t("attributeConsumingServiceName")}
        helperText={t("attributeConsumingServiceNameHelp")}
      />
      <FormSection title={t("reqAuthnConstraints")} titleElement="h3">
        <SelectControl<ProviderFormValues>
          name="config.authnContextComparisonType"
          label={t("comparison")}
          defaultValue="exact"
          options={COMPARISONS.map((value) => ({ value, label: t(value) }))}
        />
        <MultiValueControl<ProviderFormValues> name="authnContextClassRefs" label={t("authnContextClassRefs")} />
        <MultiValueControl<ProviderFormValues> name="authnContextDeclRefs" label={t("authnContextDeclRefs")} />
      </FormSection>
    </FormSection>
  );
}
