import { useFormContext } from "react-hook-form";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { SelectControl } from "../../core/ui/form/select-control.tsx";
import { SwitchControl } from "../../core/ui/form/switch-control.tsx";
import { TextControl } from "../../core/ui/form/text-control.tsx";
import type { ProviderFormValues } from "./provider-form-values.ts";
import "./messages.ts";

export const CLIENT_AUTH_METHODS = [
  "client_secret_post",
  "client_secret_basic",
  "client_secret_basic_unencoded",
  "client_secret_jwt",
  "private_key_jwt",
] as const;

/**
 * How the broker authenticates to the provider's token endpoint, and the client assertion's algorithm, audience and
 * X.509 header for the JWT methods. The secret field is rendered by the caller (not needed for private_key_jwt).
 */
export function OidcClientAuthenticationFields() {
  const { t } = useMessages();
  const method = useFormContext<ProviderFormValues>().watch("config.clientAuthMethod");
  const algorithms = Object.keys(useServerInfo().providers?.clientSignature?.providers ?? {}).sort();
  const isJwt = method === "client_secret_jwt" || method === "private_key_jwt";
  return (
    <>
      <SelectControl<ProviderFormValues>
        name="config.clientAuthMethod"
        label={t("clientAuthentication")}
        labelHelp={t("clientAuthenticationHelp")}
        options={CLIENT_AUTH_METHODS.map((value) => ({ value, label: t(`clientAuthentications.${value}`) }))}
      />
      {isJwt && (
        <>
          <SelectControl<ProviderFormValues>
            name="config.clientAssertionSigningAlg"
            label={t("clientAssertionSigningAlg")}
            labelHelp={t("clientAssertionSigningAlgHelp")}
            options={[
              { value: "", label: t("algorithmNotSpecified") },
              ...algorithms.map((value) => ({ value, label: value })),
            ]}
          />
          <TextControl<ProviderFormValues>
            name="config.clientAssertionAudience"
            label={t("clientAssertionAudience")}
            labelHelp={t("clientAssertionAudienceHelp")}
          />
        </>
      )}
      {method === "private_key_jwt" && (
        <SwitchControl<ProviderFormValues>
          name="config.jwtX509HeadersEnabled"
          label={t("jwtX509HeadersEnabled")}
          labelHelp={t("jwtX509HeadersEnabledHelp")}
          stringify
        />
      )}
    </>
  );
}
