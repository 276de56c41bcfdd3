import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useWhoAmI } from "../../core/runtime/realm-scope.tsx";
import { useAdminClient, useRuntime } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { EMAIL_PATTERN, PasswordControl, SelectControl, SwitchControl, TextControl } from "../../core/ui/form/index.ts";
import { toEmailValues, toSmtpServer, type EmailValues } from "./email-values.ts";
import { currentAdminKey, fetchCurrentAdmin, testSmtpConnection, type Realm } from "./queries.ts";
import { SettingsForm } from "./settings-form.tsx";
import { useRealmSettingsForm } from "./use-realm-settings-form.ts";
import "./messages.ts";
import "./realm-settings.css";

/** The realm's mail server (`smtpServer`): sender, connection, encryption and authentication; and a test mail. */
export function EmailTab({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const { form, initial, save } = useRealmSettingsForm(realm, toEmailValues, (values: EmailValues) => ({
    smtpServer: toSmtpServer(values),
  }));
  const auth = form.watch("auth") === "true";
  const authType = form.watch("authType");
  const email = { value: EMAIL_PATTERN, message: t("emailInvalid") };
  return (
    <SettingsForm form={form} onSave={save} initial={initial} label={t("email")}>
      <FormSection title={t("template")} titleElement="h2">
        <TextControl<EmailValues>
          name="from"
          type="email"
          label={t("from")}
          placeholder={t("smtpFromPlaceholder")}
          rules={{ required: t("rsFromRequired"), pattern: email }}
        />
        <TextControl<EmailValues>
          name="fromDisplayName"
          label={t("fromDisplayName")}
          placeholder={t("smtpFromDisplayPlaceholder")}
        />
        <TextControl<EmailValues>
          name="replyTo"
          type="email"
          label={t("replyTo")}
          placeholder={t("replyToEmailPlaceholder")}
          rules={{ pattern: email }}
        />
        <TextControl<EmailValues>
          name="replyToDisplayName"
          label={t("replyToDisplayName")}
          placeholder={t("replyToDisplayPlaceholder")}
        />
        <TextControl<EmailValues>
          name="envelopeFrom"
          type="email"
          label={t("envelopeFrom")}
          labelHelp={t("envelopeFromHelp")}
          placeholder={t("senderEnvelopePlaceholder")}
          rules={{ pattern: email }}
        />
      </FormSection>
      <FormSection title={t("connectionAndAuthentication")} titleElement="h2">
        <TextControl<EmailValues> name="host" label={t("host")} rules={{ required: t("rsHostRequired") }} />
        <TextControl<EmailValues>
          name="port"
          label={t("port")}
          placeholder={t("smtpPortPlaceholder")}
          rules={{ pattern: { value: /^\d{1,5}$/, message: t("rsPortInvalid") } }}
        />
        <SwitchControl<EmailValues> name="ssl" label={t("enableSSL")} stringify onText={t("on")} offText={t("off")} />
        <SwitchControl<EmailValues>
          name="starttls"
          label={t("enableStartTLS")}
          stringify
          onText={t("on")}
          offText={t("off")}
        />
        <SwitchControl<EmailValues>
          name="auth"
          label={t("authentication")}
          stringify
          onText={t("enabled")}
          offText={t("disabled")}
        />
        {auth && (
          <>
            <SelectControl<EmailValues>
              name="authType"
              label={t("authenticationType")}
              options={[
                { value: "basic", label: t("authenticationTypeBasicAuth") },
                { value: "token", label: t("authenticationTypeTokenAuth") },
              ]}
            />
            <TextControl<EmailValues>
              name="user"
              label={t("username")}
              rules={{ required: t("rsUsernameRequired") }}
              autoComplete="off"
            />
            {authType === "token" ? (
              <>
                <TextControl<EmailValues> name="authTokenUrl" type="url" label={t("authTokenUrl")} />
                <TextControl<EmailValues> name="authTokenScope" label={t("authTokenScope")} />
                <TextControl<EmailValues> name="authTokenClientId" label={t("authTokenClientId")} />
                <PasswordControl<EmailValues> name="authTokenClientSecret" label={t("authTokenClientSecret")} />
              </>
            ) : (
              <PasswordControl<EmailValues>
                name="password"
                label={t("password")}
                labelHelp={t("passwordHelp")}
                rules={{ required: t("rsPasswordRequired") }}
              />
            )}
          </>
        )}
      </FormSection>
      <TestConnection realm={realm.realm ?? ""} values={form.watch()} />
    </SettingsForm>
  );
}

/** "Test connection": Keycloak mails the signed-in administrator, so an administrator without email is told to add one. */
function TestConnection({ realm, values }: { realm: string; values: EmailValues }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const { authRealm } = useRuntime();
  const whoAmI = useWhoAmI();
  const canManage = useAccess().hasAccess("manage-realm");
  const { addAlert, addError } = useAlerts();
  const [busy, setBusy] = useState(false);
  const admin = useQuery({
    queryKey: currentAdminKey(authRealm, whoAmI.userId),
    queryFn: () => fetchCurrentAdmin(adminClient, authRealm, whoAmI.userId),
    enabled: Boolean(whoAmI.userId),
  });
  if (!canManage) return null;
  const adminEmail = admin.data?.email;
  const userName = admin.data?.username ?? whoAmI.displayName ?? "";
  const ready = EMAIL_PATTERN.test(values.from) && values.host.trim() !== "";

  const run = async () => {
    setBusy(true);
    try {
      await testSmtpConnection(adminClient, realm, toSmtpServer(values));
      addAlert(t("testConnectionSuccess"));
    } catch (error) {
      addError("testConnectionError", error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormSection>
      {admin.data && (
        <Alert
          variant="info"
          isInline
          isPlain
          title={
            adminEmail ? t("rsTestHintWithEmail", { email: adminEmail }) : t("rsTestHintWithoutEmail", { userName })
          }
        />
      )}
      <div>
        <Button
          variant="secondary"
          onClick={() => void run()}
          isDisabled={!ready || busy || (admin.data !== undefined && admin.data !== null && !adminEmail)}
          isLoading={busy}
        >
          {t("testConnection")}
        </Button>
      </div>
    </FormSection>
  );
}
