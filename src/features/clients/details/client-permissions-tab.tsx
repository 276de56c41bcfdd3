import { useState } from "react";
import { Link } from "react-router";
import { Trans } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Card, CardBody, CardTitle } from "@patternfly/react-core/dist/esm/components/Card/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import type { ManagementPermissionReference } from "@keycloak/keycloak-admin-client/lib/defs/managementPermissionReference.js";
import { errorMessage } from "../../../core/api/api-error.ts";
import { isFeatureEnabled } from "../../../core/api/server-info.ts";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useServerInfoQuery } from "../../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { FormField } from "../../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { toClientScopePermission } from "../paths.ts";
import "./client-permissions-messages.ts";

const MASTER_REALM = "master";

/** The client whose authorization holds the realm's admin permissions (upstream: `master-realm` in master). */
export const adminPermissionsClientId = (realm: string) =>
  realm === MASTER_REALM ? `${MASTER_REALM}-realm` : "realm-management";

/**
 * Upstream shows the tab with fine-grained admin permissions v1 on, to holders of view- or manage-authorization
 * who may manage the client.
 */
export function useClientPermissionsVisible(client: ClientRepresentation): boolean {
  const access = useAccess();
  const serverInfo = useServerInfoQuery();
  return (
    isFeatureEnabled(serverInfo.data, "ADMIN_FINE_GRAINED_AUTHZ") &&
    (access.hasAccess("manage-authorization") || access.hasAccess("view-authorization")) &&
    (access.hasAccess("manage-clients") || client.access?.manage === true)
  );
}

const permissionsKey = (realm: string, id: string) => ["clients", realm, "client", id, "management-permissions"];

/** A client's Permissions tab: the switch, and when on, its scope permissions in the realm's admin-permissions client. */
export function ClientPermissionsTab({ client }: { client: ClientRepresentation }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [isBusy, setBusy] = useState(false);
  const id = client.id!;
  const holderClientId = adminPermissionsClientId(realm);
  const permission = useQuery({
    queryKey: permissionsKey(realm, id),
    queryFn: () => adminClient.clients.listFineGrainPermissions({ realm, id }),
  });
  const holder = useQuery({
    queryKey: ["clients", realm, "by-client-id", holderClientId],
    queryFn: async () => (await adminClient.clients.find({ realm, clientId: holderClientId }))[0] ?? null,
  });

  if (permission.isPending) return <LoadingSpinner />;
  if (permission.error) {
    return <p role="alert">{t("clientsPermissionsLoadError", { error: errorMessage(permission.error) })}</p>;
  }

  const setEnabled = async (enabled: boolean) => {
    if (
      !enabled &&
      !(await confirm({
        title: t("permissionsDisable"),
        children: t("permissionsDisableConfirm"),
        confirmLabel: t("confirm"),
      }))
    ) {
      return;
    }
    setBusy(true);
    try {
      const updated = await adminClient.clients.updateFineGrainPermission({ realm, id }, { enabled });
      queryClient.setQueryData<ManagementPermissionReference>(permissionsKey(realm, id), updated);
    } catch (error) {
      alerts.addError("clientsPermissionsUpdateError", error);
    } finally {
      setBusy(false);
    }
  };

  const scopes = Object.entries(permission.data.scopePermissions ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const holderId = holder.data?.id;

  return (
    <>
      <Card isPlain>
        <CardTitle component="h2">{t("permissions")}</CardTitle>
        <CardBody>
          <p>{t("clientsPermissionsHint")}</p>
          <Form isHorizontal className="pf-v6-u-pt-md" onSubmit={(event) => event.preventDefault()}>
            <FormField
              id="kc-client-permissions-enabled"
              label={t("permissionsEnabled")}
              labelHelp={t("permissionsEnabledHelp")}
            >
              <Switch
                id="kc-client-permissions-enabled"
                isChecked={permission.data.enabled === true}
                isDisabled={isBusy}
                aria-label={t("permissionsEnabled")}
                label={permission.data.enabled ? t("on") : t("off")}
                onChange={(_event, checked) => void setEnabled(checked)}
              />
            </FormField>
          </Form>
        </CardBody>
      </Card>
      {permission.data.enabled && (
        <Card isPlain>
          <CardTitle component="h2">{t("permissionsList")}</CardTitle>
          <CardBody>
            <p>
              <Trans i18nKey="permissionsListIntro" t={t} values={{ realm: holderClientId }}>
                {" "}
                <strong>{holderClientId}</strong>
              </Trans>
            </p>
            <Table aria-label={t("permissionsList")} variant="compact">
              <Thead>
                <Tr>
                  <Th>{t("permissionsScopeName")}</Th>
                  <Th>{t("description")}</Th>
                </Tr>
              </Thead>
              <Tbody>
                {scopes.map(([name, permissionId]) => (
                  <Tr key={permissionId}>
                    <Td dataLabel={t("permissionsScopeName")}>
                      {holderId ? (
                        <Link to={toClientScopePermission(realm, holderId, permissionId)}>{name}</Link>
                      ) : (
                        name
                      )}
                    </Td>
                    <Td dataLabel={t("description")}>{t(`scopePermissions.clients.${name}-description`)}</Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          </CardBody>
        </Card>
      )}
      {dialog}
    </>
  );
}
