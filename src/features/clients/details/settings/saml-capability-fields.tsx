import { SelectControl, SwitchControl } from "../../../../core/ui/form/index.ts";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import type { ClientSettingsValues, SettingsAttributeName } from "./client-settings-values.ts";
import "./client-settings-messages.ts";

const NAME_ID_FORMATS = ["username", "email", "transient", "persistent"];

/** Switches of the SAML capabilities section, each with its `…Help` text. */
const SWITCHES: SettingsAttributeName[] = [
  "forceNameIdFormat",
  "forcePostBinding",
  "forceArtifactBinding",
  "includeAuthnStatement",
  "includeOneTimeUseCondition",
  "optimizeLookup",
  "allowEcpFlow",
];

/** SAML capabilities: name ID format and the binding and response switches. */
export function SamlCapabilityFields({ isDisabled }: { isDisabled?: boolean }) {
  const { t } = useMessages();
  return (
    <>
      <SelectControl<ClientSettingsValues>
        name="settingsAttributes.nameIdFormat"
        label={t("nameIdFormat")}
        labelHelp={t("nameIdFormatHelp")}
        options={NAME_ID_FORMATS.map((format) => ({ value: format, label: format }))}
        isDisabled={isDisabled}
      />
      {SWITCHES.map((name) => (
        <SamlSwitch key={name} name={name} isDisabled={isDisabled} />
      ))}
    </>
  );
}

/** An on/off SAML attribute, labelled by its Keycloak key. */
export function SamlSwitch({ name, isDisabled }: { name: SettingsAttributeName; isDisabled?: boolean }) {
  const { t } = useMessages();
  return (
    <SwitchControl<ClientSettingsValues>
      name={`settingsAttributes.${name}`}
      label={t(name)}
      labelHelp={t(`${name}Help`)}
      stringify
      isDisabled={isDisabled}
    />
  );
}
