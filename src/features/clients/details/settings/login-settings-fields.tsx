import { useFormContext, useWatch } from "react-hook-form";
import { MultiValueControl, TextControl } from "../../../../core/ui/form/index.ts";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { SAML } from "../../client-protocol.ts";
import type { ClientFormValues } from "./client-form-values.ts";
import "./client-settings-messages.ts";
import "../../messages.ts";

/** Root and home URL, redirect URIs, post logout redirect URIs, and web origins and admin URL (OIDC) or SAML's URLs. */
export function LoginSettingsFields({ isDisabled }: { isDisabled?: boolean }) {
  const { t } = useMessages();
  const { control } = useFormContext<ClientFormValues>();
  const isSaml = useWatch({ control, name: "protocol" }) === SAML;
  return (
    <>
      <TextControl<ClientFormValues>
        name="rootUrl"
        label={t("rootUrl")}
        labelHelp={t("rootURLHelp")}
        type="url"
        isDisabled={isDisabled}
      />
      <TextControl<ClientFormValues>
        name="baseUrl"
        label={t("homeURL")}
        labelHelp={t("homeURLHelp")}
        type="url"
        isDisabled={isDisabled}
      />
      <MultiValueControl<ClientFormValues>
        name="redirectUris"
        label={t("validRedirectUri")}
        labelHelp={t("validRedirectURIsHelp")}
        isDisabled={isDisabled}
      />
      <MultiValueControl<ClientFormValues>
        name="postLogoutRedirectUris"
        label={t("validPostLogoutRedirectUri")}
        labelHelp={t("validPostLogoutRedirectURIsHelp")}
        isDisabled={isDisabled}
      />
      {isSaml ? (
        <>
          <TextControl<ClientFormValues>
            name="idpInitiatedSsoUrlName"
            label={t("idpInitiatedSsoUrlName")}
            labelHelp={t("idpInitiatedSsoUrlNameHelp")}
            isDisabled={isDisabled}
          />
          <TextControl<ClientFormValues>
            name="idpInitiatedSsoRelayState"
            label={t("idpInitiatedSsoRelayState")}
            labelHelp={t("idpInitiatedSsoRelayStateHelp")}
            isDisabled={isDisabled}
          />
          <TextControl<ClientFormValues>
            name="adminUrl"
            label={t("masterSamlProcessingUrl")}
            labelHelp={t("masterSamlProcessingUrlHelp")}
            type="url"
            isDisabled={isDisabled}
          />
        </>
      ) : (
        <>
          <MultiValueControl<ClientFormValues>
            name="webOrigins"
            label={t("webOrigins")}
            labelHelp={t("webOriginsHelp")}
            isDisabled={isDisabled}
          />
          <TextControl<ClientFormValues>
            name="adminUrl"
            label={t("adminURL")}
            labelHelp={t("adminURLHelp")}
            type="url"
            isDisabled={isDisabled}
          />
        </>
      )}
    </>
  );
}
