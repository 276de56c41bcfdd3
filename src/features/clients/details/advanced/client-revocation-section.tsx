import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Flex } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { FormField } from "../../../../core/ui/form/index.ts";
import type { ClientTabProps } from "../client-tab-props.ts";
import "../client-tab-messages.ts";

/** "Not before": set to now or clear (saved on the client), push to the admin URL and cluster nodes. */
export function ClientRevocationSection({ client, canManage, onSave }: ClientTabProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const notBefore = client.notBefore ?? 0;

  const setNotBefore = async (value: number) => {
    try {
      await onSave({ notBefore: value });
      alerts.addAlert(t(value ? "notBeforeSetToNow" : "notBeforeNowClear"));
    } catch (error) {
      alerts.addError("setToNowError", error);
    }
  };

  const push = async () => {
    try {
      const result = await adminClient.clients.pushRevocation({ realm, id: client.id! });
      const successNodes = result.successRequests ?? [];
      const failedNodes = result.failedRequests ?? [];
      if (successNodes.length > 0) alerts.addAlert(t("clientsPushSuccess", { successNodes: successNodes.join(", ") }));
      if (failedNodes.length > 0) {
        alerts.addAlert(t("clientsPushFailed", { failedNodes: failedNodes.join(", ") }), "danger");
      }
      if (successNodes.length === 0 && failedNodes.length === 0) alerts.addAlert(t("noAdminUrlSet"), "info");
    } catch (error) {
      alerts.addError("setToNowError", error);
    }
  };

  return (
    <FormSection title={t("revocation")} titleElement="h2">
      <Content component="p">{t("revocationDescription")}</Content>
      <FormField id="kc-not-before" label={t("notBefore")} labelHelp={t("notBeforeHelp")}>
        <TextInput
          id="kc-not-before"
          value={notBefore ? new Date(notBefore * 1000).toLocaleString() : t("none")}
          readOnlyVariant="default"
        />
      </FormField>
      {canManage && (
        <Flex>
          <Button variant="tertiary" onClick={() => void setNotBefore(Math.floor(Date.now() / 1000))}>
            {t("setToNow")}
          </Button>
          <Button variant="tertiary" onClick={() => void setNotBefore(0)}>
            {t("clear")}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void push()}
            isDisabled={!client.adminUrl && !client.registeredNodes}
          >
            {t("push")}
          </Button>
        </Flex>
      )}
    </FormSection>
  );
}
