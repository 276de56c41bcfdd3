import { FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { SwitchControl } from "../../core/ui/form/switch-control.tsx";
import type { ProviderFormValues } from "./provider-form-values.ts";
import "./messages.ts";

/** Advanced settings every provider type has: whether the provider's tokens are stored, and readable by new users. */
export function AdvancedSettingsFields() {
  const { t } = useMessages();
  return (
    <FormSection title={t("advancedSettings")} titleElement="h2">
      <SwitchControl<ProviderFormValues> name="storeToken" label={t("storeTokens")} labelHelp={t("storeTokensHelp")} />
      <SwitchControl<ProviderFormValues>
        name="addReadTokenRoleOnCreate"
        label={t("storedTokensReadable")}
        labelHelp={t("storedTokensReadableHelp")}
      />
    </FormSection>
  );
}
