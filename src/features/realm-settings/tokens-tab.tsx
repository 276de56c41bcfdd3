import { FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import {
  NumberControl,
  SelectControl,
  SwitchControl,
  TextControl,
  TimeSelectorControl,
  type TimeUnit,
} from "../../core/ui/form/index.ts";
import type { Realm } from "./queries.ts";
import { SettingsForm } from "./settings-form.tsx";
import { OVERRIDABLE_ACTIONS, toTokensValues, tokensChanges, type TokensValues } from "./tokens-values.ts";
import { useRealmSettingsForm } from "./use-realm-settings-form.ts";
import "./messages.ts";
import "./realm-settings.css";

const LONG: TimeUnit[] = ["minute", "hour", "day"];

/** Signature algorithm, device flow, refresh and access token lifetimes, action token lifespans and overrides. */
export function TokensTab({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const serverInfo = useServerInfo();
  const { form, initial, save } = useRealmSettingsForm(realm, toTokensValues, (values: TokensValues) =>
    tokensChanges(realm, values),
  );
  const revoke = form.watch("revokeRefreshToken");
  const algorithms = Object.keys(serverInfo?.providers?.signature?.providers ?? {}).sort();
  return (
    <SettingsForm form={form} onSave={save} initial={initial} label={t("tokens")}>
      <FormSection title={t("general")} titleElement="h2">
        <SelectControl<TokensValues>
          name="defaultSignatureAlgorithm"
          label={t("defaultSigAlg")}
          labelHelp={t("defaultSigAlgHelp")}
          options={algorithms.map((name) => ({ value: name, label: name }))}
        />
        <TimeSelectorControl<TokensValues>
          name="oauth2DeviceCodeLifespan"
          label={t("oAuthDeviceCodeLifespan")}
          labelHelp={t("oAuthDeviceCodeLifespanHelp")}
          units={LONG}
        />
        <NumberControl<TokensValues>
          name="oauth2DevicePollingInterval"
          label={t("oAuthDevicePollingInterval")}
          labelHelp={t("oAuthDevicePollingIntervalHelp")}
          min={0}
        />
        <TextControl<TokensValues> name="shortVerificationUri" type="url" label={t("shortVerificationUri")} />
      </FormSection>
      <FormSection title={t("refreshTokens")} titleElement="h2">
        <SwitchControl<TokensValues>
          name="revokeRefreshToken"
          label={t("revokeRefreshToken")}
          labelHelp={t("revokeRefreshTokenHelp")}
          onText={t("enabled")}
          offText={t("disabled")}
        />
        {revoke && (
          <NumberControl<TokensValues>
            name="refreshTokenMaxReuse"
            label={t("refreshTokenMaxReuse")}
            labelHelp={t("refreshTokenMaxReuseHelp")}
            min={0}
          />
        )}
      </FormSection>
      <FormSection title={t("accessTokens")} titleElement="h2">
        <TimeSelectorControl<TokensValues>
          name="accessTokenLifespan"
          label={t("accessTokenLifespan")}
          labelHelp={t("accessTokenLifespanHelp")}
          units={LONG}
        />
        <TimeSelectorControl<TokensValues>
          name="accessTokenLifespanForImplicitFlow"
          label={t("accessTokenLifespanImplicitFlow")}
          labelHelp={t("accessTokenLifespanImplicitFlowHelp")}
          units={LONG}
        />
        <TimeSelectorControl<TokensValues>
          name="accessCodeLifespan"
          label={t("clientLoginTimeout")}
          labelHelp={t("clientLoginTimeoutHelp")}
          units={LONG}
        />
      </FormSection>
      <FormSection title={t("actionTokens")} titleElement="h2">
        <TimeSelectorControl<TokensValues>
          name="actionTokenGeneratedByUserLifespan"
          label={t("userInitiatedActionLifespan")}
          labelHelp={t("userInitiatedActionLifespanHelp")}
          units={LONG}
        />
        <TimeSelectorControl<TokensValues>
          name="actionTokenGeneratedByAdminLifespan"
          label={t("defaultAdminInitiated")}
          labelHelp={t("defaultAdminInitiatedActionLifespanHelp")}
          units={LONG}
        />
      </FormSection>
      <FormSection title={t("overrideActionTokens")} titleElement="h2">
        {OVERRIDABLE_ACTIONS.map(([action, label]) => (
          <TimeSelectorControl<TokensValues>
            key={action}
            name={`overrides.${action}`}
            id={`kc-override-${action}`}
            label={t(label)}
            labelHelp={t(`${label}Help`)}
            units={LONG}
          />
        ))}
      </FormSection>
    </SettingsForm>
  );
}
