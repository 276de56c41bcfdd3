import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { SelectControl, TextControl } from "../../../../core/ui/form/index.ts";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import type { ClientSettingsValues } from "./client-settings-values.ts";
import { SamlSwitch } from "./saml-capability-fields.tsx";
import "./client-settings-messages.ts";

const SIGNATURE_ALGORITHMS = ["RSA_SHA1", "RSA_SHA256", "RSA_SHA256_MGF1", "RSA_SHA512", "RSA_SHA512_MGF1", "DSA_SHA1"];
const KEY_NAME_TRANSFORMERS = ["NONE", "KEY_ID", "CERT_SUBJECT"];
const CANONICALIZATION_METHODS = [
  { label: "EXCLUSIVE", value: "http://www.w3.org/2001/10/xml-exc-c14n#" },
  { label: "EXCLUSIVE_WITH_COMMENTS", value: "http://www.w3.org/2001/10/xml-exc-c14n#WithComments" },
  { label: "INCLUSIVE", value: "http://www.w3.org/TR/2001/REC-xml-c14n-20010315" },
  { label: "INCLUSIVE_WITH_COMMENTS", value: "http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments" },
];
const XMLENC = "http://www.w3.org/2001/04/xmlenc#";
const XMLENC11 = "http://www.w3.org/2009/xmlenc11#";
const RSA_OAEP_11 = `${XMLENC11}rsa-oaep`;
const RSA_OAEP_MGF1P = `${XMLENC}rsa-oaep-mgf1p`;
const ENCRYPTION_ALGORITHMS = [
  { label: "AES_256_GCM", value: `${XMLENC11}aes256-gcm` },
  { label: "AES_192_GCM", value: `${XMLENC11}aes192-gcm` },
  { label: "AES_128_GCM", value: `${XMLENC11}aes128-gcm` },
  { label: "AES_256_CBC", value: `${XMLENC}aes256-cbc` },
  { label: "AES_192_CBC", value: `${XMLENC}aes192-cbc` },
  { label: "AES_128_CBC", value: `${XMLENC}aes128-cbc` },
];
const KEY_ALGORITHMS = [
  { label: "RSA-OAEP-11", value: RSA_OAEP_11 },
  { label: "RSA-OAEP-MGF1P", value: RSA_OAEP_MGF1P },
  { label: "RSA1_5", value: `${XMLENC}rsa-1_5` },
];
const DIGEST_METHODS = [
  { label: "SHA-512", value: `${XMLENC}sha512` },
  { label: "SHA-256", value: `${XMLENC}sha256` },
  { label: "SHA-1", value: "http://www.w3.org/2000/09/xmldsig#sha1" },
];
const MASK_FUNCTIONS = ["sha1", "sha224", "sha256", "sha384", "sha512"].map((hash) => ({
  label: `mgf1${hash}`,
  value: `${XMLENC11}mgf1${hash}`,
}));

const named = (values: string[]) => values.map((value) => ({ value, label: value }));

/**
 * Signature and encryption: sign documents and assertions; while either is on, the algorithm, key name,
 * canonicalization and metadata descriptor URL, and the encryption algorithms when assertions are encrypted
 * (switched on the Keys tab).
 */
export function SamlSignatureFields({ isDisabled }: { isDisabled?: boolean }) {
  const { t } = useMessages();
  const { control, setValue } = useFormContext<ClientSettingsValues>();
  const [signDocuments, signAssertions, useDescriptorUrl, encrypt, keyAlgorithm] = useWatch({
    control,
    name: [
      "settingsAttributes.signDocuments",
      "settingsAttributes.signAssertions",
      "settingsAttributes.useMetadataDescriptorUrl",
      "settingsAttributes.encryptAssertions",
      "settingsAttributes.keyEncryptionAlgorithm",
    ],
  });
  const choose = { value: "", label: t("choose") };

  // Digest and mask belong to the RSA-OAEP key algorithms only; other choices clear them, as Keycloak's console.
  useEffect(() => {
    if (keyAlgorithm !== RSA_OAEP_11) setValue("settingsAttributes.maskGenerationFunction", "");
    if (keyAlgorithm !== RSA_OAEP_11 && keyAlgorithm !== RSA_OAEP_MGF1P)
      setValue("settingsAttributes.encryptionDigestMethod", "");
  }, [keyAlgorithm, setValue]);

  return (
    <>
      <SamlSwitch name="signDocuments" isDisabled={isDisabled} />
      <SamlSwitch name="signAssertions" isDisabled={isDisabled} />
      {(signDocuments === "true" || signAssertions === "true") && (
        <>
          <SelectControl<ClientSettingsValues>
            name="settingsAttributes.signatureAlgorithm"
            label={t("signatureAlgorithm")}
            labelHelp={t("signatureAlgorithmHelp")}
            options={named(SIGNATURE_ALGORITHMS)}
            isDisabled={isDisabled}
          />
          <SelectControl<ClientSettingsValues>
            name="settingsAttributes.signatureKeyName"
            label={t("signatureKeyName")}
            labelHelp={t("signatureKeyNameHelp")}
            options={named(KEY_NAME_TRANSFORMERS)}
            isDisabled={isDisabled}
          />
          <SelectControl<ClientSettingsValues>
            name="settingsAttributes.canonicalization"
            label={t("canonicalization")}
            labelHelp={t("canonicalizationHelp")}
            options={CANONICALIZATION_METHODS}
            isDisabled={isDisabled}
          />
          <TextControl<ClientSettingsValues>
            name="settingsAttributes.metadataDescriptorUrl"
            label={t("samlClientMetadataDescriptorUrl")}
            labelHelp={t("samlClientMetadataDescriptorUrlHelp")}
            type="url"
            rules={{ required: useDescriptorUrl === "true" }}
            isDisabled={isDisabled}
          />
          <SamlSwitch name="useMetadataDescriptorUrl" isDisabled={isDisabled} />
          {encrypt === "true" && (
            <>
              <SelectControl<ClientSettingsValues>
                name="settingsAttributes.encryptionAlgorithm"
                label={t("samlClientEncryptionAlgorithm")}
                labelHelp={t("samlClientEncryptionAlgorithmHelp")}
                options={[choose, ...ENCRYPTION_ALGORITHMS]}
                isDisabled={isDisabled}
              />
              <SelectControl<ClientSettingsValues>
                name="settingsAttributes.keyEncryptionAlgorithm"
                label={t("samlClientKeyEncryptionAlgorithm")}
                labelHelp={t("samlClientKeyEncryptionAlgorithmHelp")}
                options={[choose, ...KEY_ALGORITHMS]}
                isDisabled={isDisabled}
              />
              {(keyAlgorithm === RSA_OAEP_11 || keyAlgorithm === RSA_OAEP_MGF1P) && (
                <SelectControl<ClientSettingsValues>
                  name="settingsAttributes.encryptionDigestMethod"
                  label={t("samlClientEncryptionDigestMethod")}
                  labelHelp={t("samlClientEncryptionDigestMethodHelp")}
                  options={[choose, ...DIGEST_METHODS]}
                  isDisabled={isDisabled}
                />
              )}
              {keyAlgorithm === RSA_OAEP_11 && (
                <SelectControl<ClientSettingsValues>
                  name="settingsAttributes.maskGenerationFunction"
                  label={t("samlClientEncryptionMaskGenerationFunction")}
                  labelHelp={t("samlClientEncryptionMaskGenerationFunctionHelp")}
                  options={[choose, ...MASK_FUNCTIONS]}
                  isDisabled={isDisabled}
                />
              )}
            </>
          )}
        </>
      )}
    </>
  );
}
