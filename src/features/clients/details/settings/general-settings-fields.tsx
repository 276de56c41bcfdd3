import { SelectControl, SwitchControl, TextControl } from "../../../../core/ui/form/index.ts";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { OIDC, SAML } from "../../client-protocol.ts";
import type { ClientFormValues } from "./client-form-values.ts";
import "../../messages.ts";

/** Client type, client ID, name, description, always display in UI. The type is chosen only when creating. */
export function GeneralSettingsFields({ isNew, isDisabled }: { isNew: boolean; isDisabled?: boolean }) {
  const { t } = useMessages();
  return (
    <>
      <SelectControl<ClientFormValues>
        name="protocol"
        label={t("clientType")}
        labelHelp={t("clientTypeHelp")}
        options={[
          { value: OIDC, label: t("clientsProtocolOidc") },
          { value: SAML, label: t("clientsProtocolSaml") },
        ]}
        isDisabled={!isNew || isDisabled}
      />
      <TextControl<ClientFormValues>
        name="clientId"
        label={t("clientId")}
        labelHelp={t("clientIdHelp")}
        rules={{ required: true }}
        isDisabled={isDisabled}
      />
      <TextControl<ClientFormValues>
        name="name"
        label={t("clientName")}
        labelHelp={t("clientNameHelp")}
        isDisabled={isDisabled}
      />
      <TextControl<ClientFormValues>
        name="description"
        label={t("description")}
        labelHelp={t("clientDescriptionHelp")}
        isDisabled={isDisabled}
      />
      <SwitchControl<ClientFormValues>
        name="alwaysDisplayInConsole"
        label={t("alwaysDisplayInUI")}
        labelHelp={t("alwaysDisplayInUIHelp")}
        isDisabled={isDisabled}
      />
    </>
  );
}
