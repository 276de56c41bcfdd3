import { useQuery } from "@tanstack/react-query";
import { ActionGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { CodeBlock, CodeBlockCode } from "@patternfly/react-core/dist/esm/components/CodeBlock/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { downloadFile } from "../../../core/ui/dialogs/download-file.ts";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { authzKeys, exportSettings } from "../../../core/ui/authorization/authorization-queries.ts";
import "./authorization-messages.ts";

/** The resource server's settings export: the JSON, copy and download. */
export function AuthorizationExportTab({ clientUuid }: { clientUuid: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { addAlert } = useAlerts();
  const exported = useQuery({
    queryKey: [...authzKeys.all(realm, clientUuid), "export"],
    queryFn: () => exportSettings(adminClient, realm, clientUuid),
  });
  if (exported.isPending) return <LoadingSpinner />;
  if (exported.error) return <p role="alert">{t("authzLoadFailed", { message: errorMessage(exported.error) })}</p>;
  const text = JSON.stringify(exported.data, null, 2);
  return (
    <>
      <Content component="p">{t("authDetailsHelp")}</Content>
      <CodeBlock>
        <CodeBlockCode data-testid="authz-export-json">{text}</CodeBlockCode>
      </CodeBlock>
      <ActionGroup style={{ marginTop: "var(--pf-t--global--spacer--md)" }}>
        <Button
          onClick={() => {
            downloadFile("authz-config.json", text);
            addAlert(t("exportAuthDetailsSuccess"));
          }}
        >
          {t("download")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => addAlert(t("authzCopied")))}
        >
          {t("copy")}
        </Button>
      </ActionGroup>
    </>
  );
}
