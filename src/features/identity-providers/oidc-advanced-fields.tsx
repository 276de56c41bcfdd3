import { FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { SwitchControl } from "../../core/ui/form/switch-control.tsx";
import { TextControl } from "../../core/ui/form/text-control.tsx";
import { SelectControl } from "../../core/ui/form/select-control.tsx";
import type { ProviderFormValues } from "./provider-form-values.ts";
import "./messages.ts";

/** The `prompt` the provider is sent: "" leaves it to the client's own request. */
const PROMPTS = ["", "none", "consent", "login", "select_account"];

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
        name="config.passMaxAge"
        label={t("passMaxAge")}
        labelHelp={t("passMaxAgeHelp")}
        stringify
      />
      <SwitchControl<ProviderFormValues>
        name="config.uiLocales"
        label={t("passCurrentLocale")}
        labelHelp={t("passCurrentLocaleHelp")}
        stringify
      />
      <SelectControl<ProviderFormValues>
        name="config.prompt"
        label={t("prompt")}
        labelHelp={t("promptHelp")}
        options={PROMPTS.map((value) => ({ value, label: t(`prompts.${value || "unspecified"}`) }))}
      />
      <SwitchControl<ProviderFormValues>
        name="config.acceptsPromptNoneForwardFromClient"
        label={t("acceptsPromptNone")}
        labelHelp={t("acceptsPromptNoneHelp")}
        stringify
      />
      <TextControl<ProviderFormValues>
        name="config.forwardParameters"
        label={t("forwardParameters")}
        labelHelp={t("forwardParametersHelp")}
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
