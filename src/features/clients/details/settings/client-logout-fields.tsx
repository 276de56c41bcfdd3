import { useFormContext, useWatch } from "react-hook-form";
import { SwitchControl, TextControl } from "../../../../core/ui/form/index.ts";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { OIDC } from "../../client-protocol.ts";
import { isLogoutUrl, type ClientSettingsValues } from "./client-settings-values.ts";
import "./client-settings-messages.ts";

/**
 * Logout settings: front channel logout; for OIDC its URL and session switch while on, the backchannel logout
 * URL and switches while off, and logout confirmation.
 */
export function ClientLogoutFields({ isDisabled }: { isDisabled?: boolean }) {
  const { t } = useMessages();
  const { control } = useFormContext<ClientSettingsValues>();
  const [protocol, frontchannel] = useWatch({ control, name: ["protocol", "frontchannelLogout"] });
  const isOidc = protocol === OIDC;
  return (
    <>
      <SwitchControl<ClientSettingsValues>
        name="frontchannelLogout"
        label={t("frontchannelLogout")}
        labelHelp={t(isOidc ? "frontchannelLogoutOIDCHelp" : "frontchannelLogoutHelp")}
        isDisabled={isDisabled}
      />
      {isOidc && frontchannel && (
        <>
          <TextControl<ClientSettingsValues>
            name="settingsAttributes.frontchannelLogoutUrl"
            label={t("frontchannelLogoutUrl")}
            labelHelp={t("frontchannelLogoutUrlHelp")}
            type="url"
            rules={{ validate: (value) => isLogoutUrl(String(value)) || t("frontchannelUrlInvalid") }}
            isDisabled={isDisabled}
          />
          <SwitchControl<ClientSettingsValues>
            name="settingsAttributes.frontchannelLogoutSessionRequired"
            label={t("frontchannelLogoutSessionRequired")}
            labelHelp={t("frontchannelLogoutSessionRequiredHelp")}
            stringify
            isDisabled={isDisabled}
          />
        </>
      )}
      {isOidc && !frontchannel && (
        <>
          <TextControl<ClientSettingsValues>
            name="settingsAttributes.backchannelLogoutUrl"
            label={t("backchannelLogoutUrl")}
            labelHelp={t("backchannelLogoutUrlHelp")}
            type="url"
            rules={{ validate: (value) => isLogoutUrl(String(value)) || t("backchannelUrlInvalid") }}
            isDisabled={isDisabled}
          />
          <SwitchControl<ClientSettingsValues>
            name="settingsAttributes.backchannelLogoutSessionRequired"
            label={t("backchannelLogoutSessionRequired")}
            labelHelp={t("backchannelLogoutSessionRequiredHelp")}
            stringify
            isDisabled={isDisabled}
          />
          <SwitchControl<ClientSettingsValues>
            name="settingsAttributes.backchannelLogoutRevokeOfflineSessions"
            label={t("backchannelLogoutRevokeOfflineSessions")}
            labelHelp={t("backchannelLogoutRevokeOfflineSessionsHelp")}
            stringify
            isDisabled={isDisabled}
          />
        </>
      )}
      {isOidc && (
        <SwitchControl<ClientSettingsValues>
          name="settingsAttributes.logoutConfirmation"
          label={t("logoutConfirmation")}
          labelHelp={t("logoutConfirmationHelp")}
          stringify
          isDisabled={isDisabled}
        />
      )}
    </>
  );
}
