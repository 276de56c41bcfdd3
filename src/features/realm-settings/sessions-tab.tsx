import { FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { SwitchControl, TimeSelectorControl, type TimeUnit } from "../../core/ui/form/index.ts";
import type { Realm } from "./queries.ts";
import { SettingsForm } from "./settings-form.tsx";
import { fromSeconds, toSeconds, type SecondsValues } from "./time-values.ts";
import { useRealmSettingsForm } from "./use-realm-settings-form.ts";
import "./messages.ts";
import "./realm-settings.css";

const TIME_FIELDS = [
  "ssoSessionIdleTimeout",
  "ssoSessionMaxLifespan",
  "ssoSessionIdleTimeoutRememberMe",
  "ssoSessionMaxLifespanRememberMe",
  "clientSessionIdleTimeout",
  "clientSessionMaxLifespan",
  "offlineSessionIdleTimeout",
  "offlineSessionMaxLifespan",
  "accessCodeLifespanLogin",
  "accessCodeLifespanUserAction",
] as const;
type TimeField = (typeof TIME_FIELDS)[number];
type SessionsValues = SecondsValues<TimeField> & { offlineSessionMaxLifespanEnabled: boolean };

const LONG: TimeUnit[] = ["minute", "hour", "day"];

/** Each section's fields under the message key of their label. */
const SECTIONS: { title: string; fields: [TimeField, string][] }[] = [
  {
    title: "SSOSessionSettings",
    fields: [
      ["ssoSessionIdleTimeout", "SSOSessionIdle"],
      ["ssoSessionMaxLifespan", "SSOSessionMax"],
      ["ssoSessionIdleTimeoutRememberMe", "SSOSessionIdleRememberMe"],
      ["ssoSessionMaxLifespanRememberMe", "SSOSessionMaxRememberMe"],
    ],
  },
  {
    title: "clientSessionSettings",
    fields: [
      ["clientSessionIdleTimeout", "clientSessionIdle"],
      ["clientSessionMaxLifespan", "clientSessionMax"],
    ],
  },
];

const toSessionsValues = (realm: Realm): SessionsValues => ({
  ...toSeconds(realm, TIME_FIELDS),
  offlineSessionMaxLifespanEnabled: realm.offlineSessionMaxLifespanEnabled === true,
});

/** SSO, client and offline session lifetimes and the login timeouts. */
export function SessionsTab({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const { form, initial, save } = useRealmSettingsForm(realm, toSessionsValues, (values: SessionsValues) => ({
    ...fromSeconds(values, TIME_FIELDS),
    offlineSessionMaxLifespanEnabled: values.offlineSessionMaxLifespanEnabled,
  }));
  const offlineMaxLimited = form.watch("offlineSessionMaxLifespanEnabled");
  const time = (name: TimeField, label: string, units: TimeUnit[] = LONG) => (
    <TimeSelectorControl<SessionsValues> key={name} name={name} label={t(label)} units={units} />
  );

  return (
    <SettingsForm form={form} onSave={save} initial={initial} label={t("sessions")}>
      {SECTIONS.map((section) => (
        <FormSection key={section.title} title={t(section.title)} titleElement="h2">
          {section.fields.map(([name, label]) => time(name, label))}
        </FormSection>
      ))}
      <FormSection title={t("offlineSessionSettings")} titleElement="h2">
        {time("offlineSessionIdleTimeout", "offlineSessionIdle")}
        <SwitchControl<SessionsValues>
          name="offlineSessionMaxLifespanEnabled"
          label={t("offlineSessionMaxLimited")}
          onText={t("enabled")}
          offText={t("disabled")}
        />
        {offlineMaxLimited && time("offlineSessionMaxLifespan", "offlineSessionMax")}
      </FormSection>
      <FormSection title={t("loginSettings")} titleElement="h2">
        {time("accessCodeLifespanLogin", "loginTimeout")}
        {time("accessCodeLifespanUserAction", "loginActionTimeout")}
      </FormSection>
    </SettingsForm>
  );
}
