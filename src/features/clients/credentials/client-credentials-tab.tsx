import { useState } from "react";
import { FormProvider, useWatch } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ActionGroup, Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Flex, FlexItem } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import {
  FormField,
  SelectControl,
  SubmitButton,
  SwitchControl,
  TextControl,
  useKcForm,
} from "../../../core/ui/form/index.ts";
import type { ClientTabProps } from "../details/client-tab-props.ts";
import { SecretField } from "./secret-field.tsx";
import "../details/client-tab-messages.ts";

const AUTHENTICATOR_LABELS: Record<string, string> = {
  "client-secret": "clientsAuthenticatorClientSecret",
  "client-jwt": "clientsAuthenticatorJwt",
  "client-secret-jwt": "clientsAuthenticatorSecretJwt",
  "client-x509": "x509Certificate",
};
const SECRET_AUTHENTICATORS = ["client-secret", "client-secret-jwt"];
const ROTATED_SECRET = "client.secret.rotated";

interface CredentialsForm {
  clientAuthenticatorType: string;
  subjectDn: string;
  allowRegex: string;
}

/** OIDC confidential clients: the authenticator, the secret (regenerate, rotated), the registration access token. */
export function ClientCredentialsTab({ client, canManage, onSave }: ClientTabProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const serverInfo = useServerInfo();
  const id = client.id!;
  const attributes = client.attributes ?? {};
  const form = useKcForm<CredentialsForm>({
    values: {
      clientAuthenticatorType: client.clientAuthenticatorType ?? "client-secret",
      subjectDn: String(attributes["x509.subjectdn"] ?? ""),
      allowRegex: String(attributes["x509.allow.regex.pattern.comparison"] ?? "false"),
    },
  });
  const authenticator = useWatch({ control: form.control, name: "clientAuthenticatorType" });
  const secretKey = ["clients", realm, "client", id, "secret"];
  const secret = useQuery({
    queryKey: secretKey,
    queryFn: () => adminClient.clients.getClientSecret({ realm, id }),
    enabled: SECRET_AUTHENTICATORS.includes(authenticator),
  });
  const [registrationToken, setRegistrationToken] = useState(client.registrationAccessToken ?? "");
  const providers = Object.keys(serverInfo.providers?.["client-authenticator"]?.providers ?? {}).sort();
  const rotated = attributes[ROTATED_SECRET] as string | undefined;

  const save = async (values: CredentialsForm) => {
    const nextAttributes: Record<string, unknown> = { ...attributes };
    if (values.clientAuthenticatorType === "client-x509") {
      nextAttributes["x509.subjectdn"] = values.subjectDn;
      nextAttributes["x509.allow.regex.pattern.comparison"] = values.allowRegex;
    }
    try {
      await onSave({ clientAuthenticatorType: values.clientAuthenticatorType, attributes: nextAttributes });
      form.reset(values);
      alerts.addAlert(t("clientSaveSuccess"));
    } catch (error) {
      alerts.addError("clientSaveError", error);
    }
  };

  const regenerateSecret = async () => {
    const isConfirmed = await confirm({
      title: t("confirmClientSecretTitle"),
      children: t("confirmClientSecretBody"),
      confirmLabel: t("regenerate"),
    });
    if (!isConfirmed) return;
    try {
      const next = await adminClient.clients.generateNewClientSecret({ realm, id });
      queryClient.setQueryData(secretKey, next);
      await queryClient.invalidateQueries({ queryKey: ["clients", realm, "client", id], exact: true });
      alerts.addAlert(t("clientSecretSuccess"));
    } catch (error) {
      alerts.addError("clientSecretError", error);
    }
  };

  const invalidateRotated = async () => {
    const isConfirmed = await confirm({
      title: t("invalidateRotatedSecret"),
      children: t("invalidateRotatedSecretExplain"),
      confirmLabel: t("invalidateSecret"),
      variant: "destructive",
    });
    if (!isConfirmed) return;
    try {
      await adminClient.clients.invalidateSecret({ realm, id });
      await queryClient.invalidateQueries({ queryKey: ["clients", realm, "client", id], exact: true });
      alerts.addAlert(t("invalidateRotatedSuccess"));
    } catch (error) {
      alerts.addError("invalidateRotatedError", error);
    }
  };

  const regenerateRegistrationToken = async () => {
    try {
      const next = await adminClient.clients.generateRegistrationAccessToken({ realm, id });
      setRegistrationToken(next.registrationAccessToken ?? "");
      alerts.addAlert(t("accessTokenSuccess"));
    } catch (error) {
      alerts.addError("accessTokenError", error);
    }
  };

  return (
    <>
      <FormProvider {...form}>
        <Form isHorizontal onSubmit={form.handleSubmit(save)} style={{ maxWidth: "60rem" }}>
          <FormSection>
            <SelectControl<CredentialsForm>
              name="clientAuthenticatorType"
              label={t("clientAuthenticator")}
              labelHelp={t("clientAuthenticatorTypeHelp")}
              isDisabled={!canManage}
              options={providers.map((provider) => ({
                value: provider,
                label: AUTHENTICATOR_LABELS[provider] ? t(AUTHENTICATOR_LABELS[provider]) : provider,
              }))}
            />
            {authenticator === "client-x509" && (
              <>
                <SwitchControl<CredentialsForm>
                  name="allowRegex"
                  label={t("allowRegexComparison")}
                  stringify
                  isDisabled={!canManage}
                />
                <TextControl<CredentialsForm>
                  name="subjectDn"
                  label={t("subject")}
                  labelHelp={t("subjectHelp")}
                  rules={{ required: true }}
                  isDisabled={!canManage}
                />
              </>
            )}
            {canManage && (
              <ActionGroup>
                <SubmitButton<CredentialsForm>>{t("save")}</SubmitButton>
              </ActionGroup>
            )}
          </FormSection>
        </Form>
      </FormProvider>
      <Form isHorizontal style={{ maxWidth: "60rem", marginTop: "var(--pf-t--global--spacer--lg)" }}>
        {SECRET_AUTHENTICATORS.includes(authenticator) && (
          <FormSection>
            <FormField id="kc-client-secret" label={t("clientSecret")}>
              <Flex flexWrap={{ default: "nowrap" }}>
                <FlexItem grow={{ default: "grow" }}>
                  <SecretField id="kc-client-secret" label={t("clientSecret")} value={secret.data?.value ?? ""} />
                </FlexItem>
                {canManage && (
                  <Button variant="secondary" onClick={regenerateSecret}>
                    {t("regenerate")}
                  </Button>
                )}
              </Flex>
            </FormField>
            {rotated && (
              <FormField id="kc-client-secret-rotated" label={t("secretRotated")}>
                <Flex flexWrap={{ default: "nowrap" }}>
                  <FlexItem grow={{ default: "grow" }}>
                    <SecretField id="kc-client-secret-rotated" label={t("secretRotated")} value={rotated} />
                  </FlexItem>
                  {canManage && (
                    <Button variant="secondary" isDanger onClick={invalidateRotated}>
                      {t("invalidateSecret")}
                    </Button>
                  )}
                </Flex>
              </FormField>
            )}
          </FormSection>
        )}
        <FormSection>
          <FormField
            id="kc-registration-access-token"
            label={t("registrationAccessToken")}
            labelHelp={t("registrationAccessTokenHelp")}
          >
            <Flex flexWrap={{ default: "nowrap" }}>
              <FlexItem grow={{ default: "grow" }}>
                <SecretField
                  id="kc-registration-access-token"
                  label={t("registrationAccessToken")}
                  value={registrationToken}
                />
              </FlexItem>
              {canManage && (
                <Button
                  variant="secondary"
                  aria-label={`${t("regenerate")} ${t("registrationAccessToken")}`}
                  onClick={regenerateRegistrationToken}
                >
                  {t("regenerate")}
                </Button>
              )}
            </Flex>
          </FormField>
        </FormSection>
      </Form>
      {dialog}
    </>
  );
}
