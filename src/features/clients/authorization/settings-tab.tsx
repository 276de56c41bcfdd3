import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { FileUpload } from "@patternfly/react-core/dist/esm/components/FileUpload/index.js";
import { FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { SelectControl } from "../../../core/ui/form/select-control.tsx";
import { SwitchControl } from "../../../core/ui/form/switch-control.tsx";
import { SaveRevertActions } from "../../../core/ui/form/save-revert-actions.tsx";
import { useKcForm } from "../../../core/ui/form/use-kc-form.ts";
import {
  authzKeys,
  fetchResourceServer,
  importSettings,
  updateResourceServer,
  type ResourceServerRepresentation,
} from "../../../core/ui/authorization/authorization-queries.ts";
import { useCanManageAuthorization } from "./client-authorization-tab.tsx";
import "./authorization-messages.ts";

interface SettingsForm {
  policyEnforcementMode: string;
  decisionStrategy: string;
  allowRemoteResourceManagement: boolean;
}

/** Enforcement mode, decision strategy, remote resource management; import of a resource server JSON with a preview. */
export function AuthorizationSettingsTab({ clientUuid }: { clientUuid: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const canManage = useCanManageAuthorization();
  const server = useQuery({
    queryKey: authzKeys.server(realm, clientUuid),
    queryFn: () => fetchResourceServer(adminClient, realm, clientUuid),
  });
  const form = useKcForm<SettingsForm>({
    values: server.data
      ? {
          policyEnforcementMode: String(server.data.policyEnforcementMode ?? "ENFORCING"),
          decisionStrategy: String(server.data.decisionStrategy ?? "UNANIMOUS"),
          allowRemoteResourceManagement: server.data.allowRemoteResourceManagement === true,
        }
      : undefined,
  });
  const [imported, setImported] = useState<{ name: string; rep: ResourceServerRepresentation } | undefined>();
  const [importError, setImportError] = useState<string>();

  if (server.isPending) return <LoadingSpinner />;
  if (server.error) return <p role="alert">{t("authzLoadFailed", { message: errorMessage(server.error) })}</p>;

  const submit = form.handleSubmit(async (values) => {
    try {
      await updateResourceServer(adminClient, realm, clientUuid, { ...server.data, ...values } as never);
      await queryClient.invalidateQueries({ queryKey: authzKeys.all(realm, clientUuid) });
      addAlert(t("authzSettingsSaved"));
    } catch (error) {
      addError("authzSaveError", error);
    }
  });

  const readFile = async (file: File) => {
    setImportError(undefined);
    try {
      const rep = JSON.parse(await file.text()) as ResourceServerRepresentation;
      if (!rep || typeof rep !== "object" || Array.isArray(rep)) throw new Error();
      setImported({ name: file.name, rep });
    } catch {
      setImported(undefined);
      setImportError(t("authzImportInvalid"));
    }
  };
  const runImport = async () => {
    if (!imported) return;
    try {
      await importSettings(adminClient, realm, clientUuid, imported.rep);
      await queryClient.invalidateQueries({ queryKey: authzKeys.all(realm, clientUuid) });
      addAlert(t("importResourceSuccess"));
      setImported(undefined);
    } catch (error) {
      addError("importResourceError", error);
    }
  };

  return (
    <>
      <FormProvider {...form}>
        <Form onSubmit={submit} noValidate maxWidth="640px">
          <SelectControl<SettingsForm>
            name="policyEnforcementMode"
            label={t("policyEnforcementMode")}
            isDisabled={!canManage}
            options={[
              { value: "ENFORCING", label: t("authzEnforcing") },
              { value: "PERMISSIVE", label: t("authzPermissive") },
              { value: "DISABLED", label: t("disabled") },
            ]}
          />
          <SelectControl<SettingsForm>
            name="decisionStrategy"
            label={t("decisionStrategy")}
            isDisabled={!canManage}
            options={[
              { value: "UNANIMOUS", label: t("unanimous") },
              { value: "AFFIRMATIVE", label: t("affirmative") },
              { value: "CONSENSUS", label: t("consensus") },
            ]}
          />
          <SwitchControl<SettingsForm>
            name="allowRemoteResourceManagement"
            label={t("allowRemoteResourceManagement")}
            isDisabled={!canManage}
          />
          {canManage && <SaveRevertActions<SettingsForm> onRevert={() => form.reset()} />}
        </Form>
      </FormProvider>
      {canManage && (
        <Form
          maxWidth="640px"
          onSubmit={(event) => event.preventDefault()}
          style={{ marginTop: "var(--pf-t--global--spacer--xl)" }}
        >
          <FormGroup label={t("authzImportFile")} fieldId="authz-import">
            <FileUpload
              id="authz-import"
              filename={imported?.name ?? ""}
              filenamePlaceholder={t("authzImportFile")}
              browseButtonText={t("import")}
              hideDefaultPreview
              onFileInputChange={(_event, file) => void readFile(file)}
              onClearClick={() => setImported(undefined)}
            />
          </FormGroup>
          {importError && <p role="alert">{importError}</p>}
          {imported && (
            <>
              <Content component="p">{t("importResources")}</Content>
              <Content component="p" data-testid="authz-import-preview">
                {t("authzImportCounts", {
                  resources: t("authzImportResources", { count: imported.rep.resources?.length ?? 0 }),
                  scopes: t("authzImportScopes", { count: imported.rep.scopes?.length ?? 0 }),
                  policies: t("authzImportPolicies", { count: imported.rep.policies?.length ?? 0 }),
                })}
              </Content>
              <ActionGroup>
                <Button onClick={() => void runImport()}>{t("import")}</Button>
              </ActionGroup>
            </>
          )}
        </Form>
      )}
    </>
  );
}
