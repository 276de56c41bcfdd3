import { Navigate, useNavigate, useParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Tab, TabTitleText, Tabs } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { isFeatureEnabled } from "../../core/api/server-info.ts";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { ViewHeader } from "../../core/ui/page/view-header.tsx";
import { TabPanel } from "../../core/ui/page/tab-panel.tsx";
import { MappersTab } from "./mappers-tab.tsx";
import { isIdentityProviderTab, toIdentityProvider, toIdentityProviders, type IdentityProviderTab } from "./paths.ts";
import { PermissionsTab } from "./permissions-tab.tsx";
import {
  deleteIdentityProvider,
  fetchIdentityProvider,
  identityProviderKey,
  identityProvidersKey,
  updateIdentityProvider,
  type IdentityProvider,
} from "./queries.ts";
import { SettingsTab } from "./settings-tab.tsx";
import { TrySignInDialog } from "./try-sign-in/try-sign-in-dialog.tsx";
import "./messages.ts";

/** `/:realm/identity-providers/:providerId/:alias/:tab` with tabs settings, mappers and permissions. */
export default function IdentityProviderPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { providerId = "", alias = "", tab } = useParams();
  const query = useQuery({
    queryKey: identityProviderKey(realm, alias),
    queryFn: () => fetchIdentityProvider(adminClient, realm, alias),
  });
  if (!isIdentityProviderTab(tab)) return <Navigate to={toIdentityProvider(realm, providerId, alias)} replace />;
  if (query.isPending) return <LoadingSpinner />;
  if (query.error || !query.data) {
    return (
      <PageSection>
        <Alert
          variant="danger"
          isInline
          title={query.error ? t("idpLoadFailed", { message: errorMessage(query.error) }) : t("idpNotFound")}
        />
      </PageSection>
    );
  }
  return <ProviderView provider={query.data} tab={tab} />;
}

function ProviderView({ provider, tab }: { provider: IdentityProvider; tab: IdentityProviderTab }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const [tryingSignIn, setTryingSignIn] = useState(false);
  const canManage = useAccess().hasAccess("manage-identity-providers");
  // The per-provider switch is fine-grained admin permissions v1; with v2 (Keycloak 26's default) it does not exist.
  const permissionsShown = isFeatureEnabled(useServerInfo(), "ADMIN_FINE_GRAINED_AUTHZ");
  const alias = provider.alias ?? "";
  const providerId = provider.providerId ?? "";

  const setEnabled = async (enabled: boolean) => {
    try {
      await updateIdentityProvider(adminClient, realm, alias, { ...provider, enabled });
      await queryClient.invalidateQueries({ queryKey: identityProvidersKey(realm) });
      addAlert(t("updateSuccessIdentityProvider"));
    } catch (error) {
      addError("updateErrorIdentityProvider", error);
    }
  };
  const remove = async () => {
    const confirmed = await confirm({
      title: t("deleteProvider"),
      children: t("deleteConfirmIdentityProvider", { provider: provider.displayName || alias }),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!confirmed) return;
    try {
      await deleteIdentityProvider(adminClient, realm, alias);
      await queryClient.invalidateQueries({ queryKey: identityProvidersKey(realm) });
      addAlert(t("deletedSuccessIdentityProvider"));
      navigate(toIdentityProviders(realm));
    } catch (error) {
      addError("idpDeleteError", error);
    }
  };

  const tabTitles: Partial<Record<IdentityProviderTab, string>> = {
    settings: t("settings"),
    mappers: t("mappers"),
    ...(permissionsShown ? { permissions: t("permissions") } : {}),
  };
  if (!tabTitles[tab]) return <Navigate to={toIdentityProvider(realm, providerId, alias)} replace />;
  const content = (shown: IdentityProviderTab) => {
    if (shown !== tab) return null;
    if (shown === "mappers") return <MappersTab provider={provider} />;
    if (shown === "permissions") return <PermissionsTab provider={provider} />;
    return <SettingsTab provider={provider} />;
  };
  return (
    <>
      <ViewHeader
        title={provider.displayName || alias}
        subtitle={provider.displayName ? alias : undefined}
        enabled={canManage ? { isEnabled: provider.enabled !== false, onChange: setEnabled } : undefined}
        actions={canManage ? [{ title: t("delete"), isDanger: true, onClick: remove }] : undefined}
        toolbar={
          <Button variant="secondary" onClick={() => setTryingSignIn(true)}>
            {t("trySignIn")}
          </Button>
        }
      />
      <PageSection type="tabs">
        <Tabs
          activeKey={tab}
          onSelect={(_event, key) => navigate(toIdentityProvider(realm, providerId, alias, key as IdentityProviderTab))}
          aria-label={t("idpTabsLabel")}
          mountOnEnter
          unmountOnExit
        >
          {(Object.keys(tabTitles) as IdentityProviderTab[]).map((key) => (
            <Tab key={key} eventKey={key} title={<TabTitleText>{tabTitles[key]}</TabTitleText>}>
              <TabPanel>{content(key)}</TabPanel>
            </Tab>
          ))}
        </Tabs>
      </PageSection>
      {dialog}
      {tryingSignIn && <TrySignInDialog provider={provider} onClose={() => setTryingSignIn(false)} />}
    </>
  );
}
