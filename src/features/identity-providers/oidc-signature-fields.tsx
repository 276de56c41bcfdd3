import { useEffect } from "react";
import { useFormContext } from "react-hook-form";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { SelectControl } from "../../core/ui/form/select-control.tsx";
import { SwitchControl } from "../../core/ui/form/switch-control.tsx";
import { TextAreaControl } from "../../core/ui/form/text-area-control.tsx";
import { TextControl } from "../../core/ui/form/text-control.tsx";
import type { ProviderFormValues } from "./provider-form-values.ts";
import { pastedKeyError } from "./pasted-key.ts";
import "./messages.ts";

const PKCE_METHODS = ["plain", "S256"] as const;

/** Validate Signatures with the JWKS URL or a pasted key (and its key id), and PKCE with its method. */
export function OidcSignatureFields({
  urlField,
}: {
  urlField: (name: `config.${string}`, label: string) => React.ReactNode;
}) {
  const { t } = useMessages();
  const { watch, trigger, getFieldState } = useFormContext<ProviderFormValues>();
  const validate = watch("config.validateSignature") === "true";
  const useJwksUrl = watch("config.useJwksUrl") === "true";
  const pastedKey = watch("config.publicKeySignatureVerifier") ?? "";
  const pkce = watch("config.pkceEnabled") === "true";
  // the Save button stays disabled while the key cannot be read: say why as soon as something is pasted
  useEffect(() => {
    if (pastedKey.trim() && getFieldState("config.publicKeySignatureVerifier").isDirty)
      void trigger("config.publicKeySignatureVerifier");
  }, [pastedKey, trigger, getFieldState]);
  return (
    <>
      <SwitchControl<ProviderFormValues>
        name="config.validateSignature"
        label={t("validateSignature")}
        labelHelp={t("validateSignatureHelp")}
        stringify
      />
      {validate && (
        <>
          <SwitchControl<ProviderFormValues>
            name="config.useJwksUrl"
            label={t("useJwksUrl")}
            labelHelp={t("useJwksUrlHelp")}
            stringify
            defaultValue
          />
          {useJwksUrl ? (
            urlField("config.jwksUrl", t("jwksUrl"))
          ) : (
            <>
              {!pastedKey.trim().startsWith("{") && (
                <TextControl<ProviderFormValues>
                  name="config.publicKeySignatureVerifierKeyId"
                  label={t("validatingPublicKeyId")}
                  labelHelp={t("validatingPublicKeyIdHelp")}
                />
              )}
              <TextAreaControl<ProviderFormValues>
                name="config.publicKeySignatureVerifier"
                label={t("validatingPublicKey")}
                labelHelp={t("validatingPublicKeyHelp")}
                rules={{
                  required: t("required"),
                  validate: (value) => pastedKeyError(String(value ?? ""), t),
                }}
              />
            </>
          )}
        </>
      )}
      <SwitchControl<ProviderFormValues> name="config.pkceEnabled" label={t("pkceEnabled")} stringify />
      {pkce && (
        <SelectControl<ProviderFormValues>
          name="config.pkceMethod"
          label={t("pkceMethod")}
          labelHelp={t("pkceMethodHelp")}
          options={PKCE_METHODS.map((value) => ({ value, label: value }))}
        />
      )}
    </>
  );
}
