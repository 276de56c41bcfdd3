import { useState } from "react";
import { FormProvider, useWatch } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ActionGroup, Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { TextArea } from "@patternfly/react-core/dist/esm/components/TextArea/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { FormField, SubmitButton, SwitchControl, TextControl, useKcForm } from "../../../core/ui/form/index.ts";
import { ExportKeyDialog, ImportKeyDialog } from "./client-key-transfer-dialogs.tsx";
import type { ClientTabProps } from "../details/client-tab-props.ts";
import "../details/client-tab-messages.ts";

/** Keycloak's certificate attribute of an OIDC client's signed-JWT key. */
export const OIDC_KEY_ATTR = "jwt.credential";

interface JwksForm {
  useJwksUrl: string;
  jwksUrl: string;
}

/** The certificate held under `attr` and "Generate new keys" (after a confirmation). */
export function ClientCertificate({
  clientId,
  attr,
  canManage,
  isSaml = false,
}: {
  clientId: string;
  attr: string;
  canManage: boolean;
  isSaml?: boolean;
}) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [transfer, setTransfer] = useState<"import" | "export">();
  const key = ["clients", realm, "client", clientId, "certificate", attr];
  const info = useQuery({
    queryKey: key,
    queryFn: () => adminClient.clients.getKeyInfo({ realm, id: clientId, attr }),
  });
  const fieldId = `kc-certificate-${attr.replace(/\W/g, "-")}`;

  const generate = async () => {
    const isConfirmed = await confirm({
      title: t("clientsGenerateKeysTitle"),
      children: t("clientsGenerateKeysBody"),
      confirmLabel: t("generateNewKeys"),
    });
    if (!isConfirmed) return;
    try {
      await adminClient.clients.generateKey({ realm, id: clientId, attr });
      await queryClient.invalidateQueries({ queryKey: key });
      alerts.addAlert(t("generateSuccess"));
    } catch (error) {
      alerts.addError("generateError", error);
    }
  };

  return (
    <>
      <FormField id={fieldId} label={t("certificate")}>
        <TextArea
          id={fieldId}
          value={info.data?.certificate ?? ""}
          placeholder={info.isPending ? "" : t("clientsNoCertificate")}
          readOnlyVariant="default"
          rows={6}
          resizeOrientation="vertical"
        />
      </FormField>
      {canManage && (
        <ActionGroup>
          <Button variant="secondary" onClick={generate}>
            {t("generateNewKeys")}
          </Button>
          <Button variant="secondary" onClick={() => setTransfer("import")}>
            {t("importKey")}
          </Button>
          <Button variant="tertiary" onClick={() => setTransfer("export")}>
            {t("export")}
          </Button>
        </ActionGroup>
      )}
      {transfer === "import" && (
        <ImportKeyDialog
          clientId={clientId}
          attr={attr}
          isSaml={isSaml}
          onClose={() => setTransfer(undefined)}
          onDone={() => void queryClient.invalidateQueries({ queryKey: key })}
        />
      )}
      {transfer === "export" && (
        <ExportKeyDialog clientId={clientId} attr={attr} isSaml={isSaml} onClose={() => setTransfer(undefined)} />
      )}
      {dialog}
    </>
  );
}

/** OIDC: "Use JWKS URL" with its URL, or the client's certificate. */
export function ClientKeysTab({ client, canManage, onSave }: ClientTabProps) {
  const { t } = useMessages();
  const alerts = useAlerts();
  const attributes = client.attributes ?? {};
  const form = useKcForm<JwksForm>({
    values: {
      useJwksUrl: String(attributes["use.jwks.url"] ?? "false"),
      jwksUrl: String(attributes["jwks.url"] ?? ""),
    },
  });
  const useJwksUrl = useWatch({ control: form.control, name: "useJwksUrl" }) === "true";

  const save = async (values: JwksForm) => {
    try {
      await onSave({ attributes: { ...attributes, "use.jwks.url": values.useJwksUrl, "jwks.url": values.jwksUrl } });
      form.reset(values);
      alerts.addAlert(t("clientSaveSuccess"));
    } catch (error) {
      alerts.addError("clientSaveError", error);
    }
  };

  return (
    <FormProvider {...form}>
      <Form isHorizontal onSubmit={form.handleSubmit(save)} style={{ maxWidth: "60rem" }}>
        <FormSection title={t("jwksUrlConfig")} titleElement="h2">
          <Content component="p">{t("keysIntro")}</Content>
          <SwitchControl<JwksForm> name="useJwksUrl" label={t("useJwksUrl")} stringify isDisabled={!canManage} />
          {useJwksUrl ? (
            <TextControl<JwksForm>
              name="jwksUrl"
              label={t("jwksUrl")}
              type="url"
              rules={{ required: true }}
              isDisabled={!canManage}
            />
          ) : (
            <ClientCertificate clientId={client.id!} attr={OIDC_KEY_ATTR} canManage={canManage} />
          )}
          {canManage && (
            <ActionGroup>
              <SubmitButton<JwksForm>>{t("save")}</SubmitButton>
            </ActionGroup>
          )}
        </FormSection>
      </Form>
    </FormProvider>
  );
}
