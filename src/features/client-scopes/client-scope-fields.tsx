import { useWatch } from "react-hook-form";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { SelectControl, SwitchControl, TextAreaControl, TextControl } from "../../core/ui/form/index.ts";
import { PROTOCOLS, SCOPE_TYPES, type ClientScopeFormValues } from "./client-scope-model.ts";
import { protocolLabel, scopeTypeLabel } from "./scope-labels.ts";

/** A client scope's settings, shared by the create form and the settings tab (protocol only when creating). */
export function ClientScopeFields({ isNew, isReadOnly }: { isNew: boolean; isReadOnly?: boolean }) {
  const { t } = useMessages();
  const protocol = useWatch<ClientScopeFormValues, "protocol">({ name: "protocol" });
  const displayOnConsent = useWatch<ClientScopeFormValues, "displayOnConsentScreen">({
    name: "displayOnConsentScreen",
  });
  return (
    <>
      <TextControl<ClientScopeFormValues>
        name="name"
        label={t("name")}
        labelHelp={t("scopeNameHelp")}
        rules={{ required: true }}
        isDisabled={isReadOnly}
      />
      <TextControl<ClientScopeFormValues>
        name="description"
        label={t("description")}
        labelHelp={t("scopeDescriptionHelp")}
        isDisabled={isReadOnly}
      />
      <SelectControl<ClientScopeFormValues>
        name="type"
        label={t("type")}
        labelHelp={t("typeHelp")}
        options={SCOPE_TYPES.map((type) => ({ value: type, label: scopeTypeLabel(t, type) }))}
        isDisabled={isReadOnly}
      />
      {isNew ? (
        <SelectControl<ClientScopeFormValues>
          name="protocol"
          label={t("protocol")}
          labelHelp={t("protocolHelp")}
          options={PROTOCOLS.map((value) => ({ value, label: protocolLabel(t, value) }))}
        />
      ) : (
        <TextControl<ClientScopeFormValues>
          name="protocol"
          label={t("protocol")}
          labelHelp={t("protocolHelp")}
          isDisabled
        />
      )}
      <SwitchControl<ClientScopeFormValues>
        name="displayOnConsentScreen"
        label={t("displayOnConsentScreen")}
        labelHelp={t("displayOnConsentScreenHelp")}
        onText={t("on")}
        offText={t("off")}
        isDisabled={isReadOnly}
      />
      {displayOnConsent && (
        <TextAreaControl<ClientScopeFormValues>
          name="consentScreenText"
          label={t("consentScreenText")}
          labelHelp={t("consentScreenTextHelp")}
          isDisabled={isReadOnly}
        />
      )}
      {protocol === "openid-connect" && (
        <SwitchControl<ClientScopeFormValues>
          name="includeInTokenScope"
          label={t("includeInTokenScope")}
          labelHelp={t("includeInTokenScopeHelp")}
          onText={t("on")}
          offText={t("off")}
          isDisabled={isReadOnly}
        />
      )}
      <TextControl<ClientScopeFormValues>
        name="guiOrder"
        label={t("guiOrder")}
        labelHelp={t("guiOrderHelp")}
        rules={{ pattern: { value: /^-?\d*$/, message: t("guiOrderHelp") } }}
        isDisabled={isReadOnly}
      />
    </>
  );
}
