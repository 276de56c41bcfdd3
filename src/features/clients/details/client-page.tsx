import { useNavigate, useParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { errorMessage, responseStatus } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { RoutableTabs, ViewHeader, type ViewHeaderAction } from "../../../core/ui/page/index.ts";
import { protocolLabelKey } from "../client-protocol.ts";
import { clientKeys, fetchClient, updateClient } from "../client-queries.ts";
import { ClientScopesSection } from "../scopes/client-scopes-section.tsx";
import { ClientSettingsTab } from "./settings/client-settings-tab.tsx";
import { ClientAdvancedTab } from "./advanced/client-advanced-tab.tsx";
import { ClientCredentialsTab } from "../credentials/client-credentials-tab.tsx";
import { ClientKeysTab } from "../keys/client-keys-tab.tsx";
import { ClientSamlKeysTab } from "../keys/client-saml-keys-tab.tsx";
import { ClientServiceAccountTab } from "./client-service-account-tab.tsx";
import { ClientSessionsTable as ClientSessionsTab } from "../../../core/ui/sessions/index.ts";
import { ClientRolesTab } from "../roles/client-roles-tab.tsx";
import { ClientAuthorizationTab } from "../authorization/client-authorization-tab.tsx";
import { ClientPermissionsTab, useClientPermissionsVisible } from "./client-permissions-tab.tsx";
import { toClient, toClients, toSessionUser } from "../paths.ts";
import { useClientActions } from "./use-client-actions.tsx";
import "../messages.ts";

/** `/:realm/clients/:clientId/:tab` (the internal id): the header (enabled switch, export, delete) and the tabs. */
export default function ClientPage({
  scopesSubTab,
  authorizationSubTab,
}: {
  scopesSubTab?: string;
  authorizationSubTab?: string;
}) {
  const { t } = useMessages();
  const { clientId: id = "" } = useParams();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { exportToFile, remove, dialog } = useClientActions();
  const client = useQuery({ queryKey: clientKeys.one(realm, id), queryFn: () => fetchClient(adminClient, realm, id) });
  // The client's `access` is the server's own answer for this admin and this client (legacy roles and admin
  // permissions v2 alike); without one, the realm-management roles decide.
  const clientAccess = client.data?.access;
  const canManage = clientAccess ? clientAccess.configure === true : access.hasAccess("manage-clients");
  const showPermissions = useClientPermissionsVisible(client.data ?? {});

  if (client.isPending) return <LoadingSpinner />;
  if (client.error || !client.data) {
    return (
      <PageSection>
        <p role="alert">
          {responseStatus(client.error) === 404 || !client.data
            ? t("clientsNotFound")
            : t("clientsLoadFailed", { message: errorMessage(client.error) })}
        </p>
      </PageSection>
    );
  }
  const current = client.data;
  // Upstream: realm-management style clients carry no protocol and get none of these tabs.
  const isRealmClient = !current.protocol;
  const isOidc = current.protocol === "openid-connect";
  const canView = clientAccess ? clientAccess.view === true : access.hasAccess("view-clients");

  const save = async (changes: ClientRepresentation) => {
    await updateClient(adminClient, realm, id, { ...current, ...changes });
    await queryClient.invalidateQueries({ queryKey: clientKeys.all(realm) });
  };

  const tabProps = { client: current, canManage, onSave: save };

  const setEnabled = async (enabled: boolean) => {
    try {
      await save({ enabled });
      alerts.addAlert(t("clientSaveSuccess"));
    } catch (error) {
      alerts.addError("clientSaveError", error);
    }
  };

  const actions: ViewHeaderAction[] = [{ title: t("export"), onClick: () => exportToFile(current) }];
  if (canManage) {
    actions.push({
      title: t("delete"),
      isDanger: true,
      onClick: async () => {
        if (await remove(current)) navigate(toClients(realm));
      },
    });
  }

  return (
    <>
      <ViewHeader
        title={current.clientId ?? ""}
        subtitle={t(protocolLabelKey(current))}
        badges={current.enabled === false ? [{ text: t("disabled"), color: "red" }] : undefined}
        enabled={
          canManage
            ? {
                isEnabled: current.enabled !== false,
                onChange: (enabled) => void setEnabled(enabled),
                disableConfirm: { title: t("disableConfirmClientTitle"), message: t("disableConfirmClient") },
              }
            : undefined
        }
        actions={actions}
      />
      <PageSection>
        <RoutableTabs
          hasSpacedContent
          aria-label={t("clientsDetailTabs")}
          // `clients/:clientId/clientScopes/:subTab` is deeper than the tab segment.
          activeKey={scopesSubTab ? "clientScopes" : authorizationSubTab ? "authorization" : undefined}
          basePath={scopesSubTab || authorizationSubTab ? toClient(realm, id).replace(/\/settings$/, "") : undefined}
          tabs={[
            {
              key: "settings",
              title: t("settings"),
              content: <ClientSettingsTab client={current} canManage={canManage} onSave={save} />,
            },
            {
              key: "keys",
              title: t("keys"),
              content: isOidc ? <ClientKeysTab {...tabProps} /> : <ClientSamlKeysTab {...tabProps} />,
              isHidden:
                !canView || isRealmClient || current.bearerOnly === true || (isOidc && current.publicClient === true),
            },
            {
              key: "credentials",
              title: t("credentials"),
              content: <ClientCredentialsTab {...tabProps} />,
              isHidden: !canView || isRealmClient || !isOidc || current.publicClient === true,
            },
            { key: "roles", title: t("roles"), content: <ClientRolesTab clientUuid={id} canManage={canManage} /> },
            {
              key: "clientScopes",
              title: t("clientScopes"),
              content: <ClientScopesSection client={current} canManage={canManage} subTab={scopesSubTab} />,
              isHidden: current.bearerOnly === true,
            },
            {
              key: "authorization",
              title: t("authorization"),
              content: <ClientAuthorizationTab client={current} subTab={authorizationSubTab} />,
              isHidden:
                !access.hasSomeAccess("view-clients", "view-authorization", "manage-authorization") ||
                current.authorizationServicesEnabled !== true,
            },
            {
              key: "serviceAccount",
              title: t("serviceAccount"),
              // Its role mappings are the service-account user's: v2 grants on the client do not reach them.
              content: <ClientServiceAccountTab client={current} canManage={access.hasAccess("manage-clients")} />,
              isHidden: !canView || isRealmClient || current.serviceAccountsEnabled !== true,
            },
            {
              key: "sessions",
              title: t("sessions"),
              content: (
                <ClientSessionsTab
                  client={current}
                  canManage={access.hasAccess("manage-users")}
                  userHref={(userId) => toSessionUser(realm, userId)}
                  clientHref={(clientUuid) => toClient(realm, clientUuid)}
                />
              ),
              isHidden: !canView || isRealmClient,
            },
            {
              key: "permissions",
              title: t("permissions"),
              content: <ClientPermissionsTab client={current} />,
              isHidden: !showPermissions,
            },
            {
              key: "advanced",
              title: t("advanced"),
              content: <ClientAdvancedTab {...tabProps} />,
              isHidden: !canView || isRealmClient,
            },
          ]}
        />
      </PageSection>
      {dialog}
    </>
  );
}
