import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { FormField } from "../../core/ui/form/form-field.tsx";
import { refreshRealm, saveRealm, type Realm } from "./queries.ts";
import "./messages.ts";

type LoginSwitch = keyof Pick<
  RealmRepresentation,
  | "registrationAllowed"
  | "resetPasswordAllowed"
  | "rememberMe"
  | "registrationEmailAsUsername"
  | "loginWithEmailAllowed"
  | "duplicateEmailsAllowed"
  | "verifyEmail"
  | "editUsernameAllowed"
>;

/** The sections of the tab, each switch under Keycloak's key of its field and the key of its help text. */
const SECTIONS: { title: string; switches: { name: LoginSwitch; help: string }[] }[] = [
  {
    title: "loginScreenCustomization",
    switches: [
      { name: "registrationAllowed", help: "userRegistrationHelpText" },
      { name: "resetPasswordAllowed", help: "forgotPasswordHelpText" },
      { name: "rememberMe", help: "rememberMeHelpText" },
    ],
  },
  {
    title: "emailSettings",
    switches: [
      { name: "registrationEmailAsUsername", help: "emailAsUsernameHelpText" },
      { name: "loginWithEmailAllowed", help: "loginWithEmailHelpText" },
      { name: "duplicateEmailsAllowed", help: "duplicateEmailsHelpText" },
      { name: "verifyEmail", help: "verifyEmailHelpText" },
    ],
  },
  { title: "userInfoSettings", switches: [{ name: "editUsernameAllowed", help: "editUsernameHelp" }] },
];

/** As upstream: duplicate emails cannot be on together with logging in by email or email as username. */
function isBlocked(name: LoginSwitch, realm: Realm): boolean {
  if (name === "duplicateEmailsAllowed")
    return realm.loginWithEmailAllowed === true || realm.registrationEmailAsUsername === true;
  if (name === "loginWithEmailAllowed" || name === "registrationEmailAsUsername")
    return realm.duplicateEmailsAllowed === true;
  return false;
}

/** Switches that each save at once, with an alert naming the switch. */
export function LoginTab({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const canManage = useAccess().hasAccess("manage-realm");
  const { addAlert, addError } = useAlerts();
  const [saving, setSaving] = useState<LoginSwitch>();

  const change = async (name: LoginSwitch, value: boolean) => {
    setSaving(name);
    try {
      await saveRealm(adminClient, realm, { [name]: value });
      await refreshRealm(queryClient, realm.realm ?? "");
      addAlert(t("enableSwitchSuccess", { switch: t(name) }));
    } catch (error) {
      addError("enableSwitchError", error);
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <Form isHorizontal isWidthLimited aria-label={t("login")} onSubmit={(event) => event.preventDefault()}>
      {SECTIONS.map((section) => (
        <FormSection key={section.title} title={t(section.title)} titleElement="h2">
          {section.switches.map(({ name, help }) => {
            const id = `kc-login-${name}`;
            const isChecked = realm[name] === true;
            return (
              <FormField key={name} id={id} label={t(name)} labelHelp={t(help)}>
                <Switch
                  id={id}
                  aria-label={t(name)}
                  label={isChecked ? t("on") : t("off")}
                  isChecked={isChecked}
                  isDisabled={!canManage || saving !== undefined || isBlocked(name, realm)}
                  onChange={(_event, checked) => void change(name, checked)}
                />
              </FormField>
            );
          })}
        </FormSection>
      ))}
    </Form>
  );
}
