import { FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { SwitchControl } from "../../core/ui/form/switch-control.tsx";
import { TextControl } from "../../core/ui/form/text-control.tsx";
import type { ProviderFormValues } from "./provider-form-values.ts";
import "./messages.ts";

/** The OpenID Connect provider's "Advanced" section: what the sign-in passes and asks, and how sign-out reaches it. */
export function OidcAdvancedFields() {
  const { t } = useMessages();
  return (
    <FormSection title={t("advanced")} titleElement="h2">
      <SwitchControl<ProviderFormValues>
        name="config.loginHint"
        label={t("passLoginHint")}
        labelHelp={t("passLoginHintHelp")}
        stringify
      />
      <SwitchControl<ProviderFormValues>
        name="config.backchannelSupported"
        label={t("backchannelLogout")}
        labelHelp={t("backchannelLogoutHelp")}
        stringify
      />
      <SwitchControl<ProviderFormValues>
        name="config.sendIdTokenOnLogout"
        label={t("sendIdTokenOnLogout")}
        labelHelp={t("sendIdTokenOnLogoutHelp")}
        stringify
        defaultValue
      />
      <SwitchControl<ProviderFormValues>
        name="config.sendClientIdOnLogout"
        label={t("sendClientIdOnLogout")}
        labelHelp={t("sendClientIdOnLogoutHelp")}
        stringify
      />
      <SwitchControl<ProviderFormValues>
        name="config.disableUserInfo"
        label={t("disableUserInfo")}
        labelHelp={t("disableUserInfoHelp")}
        stringify
      />
      <TextControl<ProviderFormValues> name="config.defaultScope" label={t("scopes")} labelHelp={t("scopesHelp")} />
    </FormSection>
  );
}
