import { useFormContext, useWatch } from "react-hook-form";
import { SelectControl, SwitchControl, TextAreaControl } from "../../../../core/ui/form/index.ts";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useServerInfoQuery } from "../../../../core/runtime/shared-queries.ts";
import type { ClientSettingsValues } from "./client-settings-values.ts";
import "./client-settings-messages.ts";

/** Login settings: login theme (the server's login themes), consent required, display on screen, consent text. */
export function ClientConsentFields({ isDisabled }: { isDisabled?: boolean }) {
  const { t } = useMessages();
  const { control } = useFormContext<ClientSettingsValues>();
  const [consentRequired, displayOnScreen] = useWatch({
    control,
    name: ["consentRequired", "settingsAttributes.displayOnConsentScreen"],
  });
  const loginThemes = useServerInfoQuery().data?.themes?.login ?? [];
  return (
    <>
      <SelectControl<ClientSettingsValues>
        name="settingsAttributes.loginTheme"
        label={t("loginTheme")}
        labelHelp={t("loginThemeHelp")}
        options={[{ value: "", label: t("choose") }, ...loginThemes.map(({ name }) => ({ value: name, label: name }))]}
        isDisabled={isDisabled}
      />
      <SwitchControl<ClientSettingsValues>
        name="consentRequired"
        label={t("consentRequired")}
        labelHelp={t("consentRequiredHelp")}
        isDisabled={isDisabled}
      />
      <SwitchControl<ClientSettingsValues>
        name="settingsAttributes.displayOnConsentScreen"
        label={t("displayOnClient")}
        labelHelp={t("displayOnClientHelp")}
        stringify
        isDisabled={isDisabled || !consentRequired}
      />
      <TextAreaControl<ClientSettingsValues>
        name="settingsAttributes.consentScreenText"
        label={t("consentScreenText")}
        labelHelp={t("consentScreenTextHelp")}
        isDisabled={isDisabled || !consentRequired || displayOnScreen !== "true"}
      />
    </>
  );
}
