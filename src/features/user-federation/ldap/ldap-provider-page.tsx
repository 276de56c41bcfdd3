import { useState } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { FormProvider } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Tab, Tabs, TabTitleText } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { SubmitButton, UnsavedChangesGuard, useKcForm, useNavigateWhenSaved } from "../../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { ViewHeader } from "../../../core/ui/page/index.ts";
import { fromComponent, toComponent, type ProviderFormValues } from "../provider-form-values.ts";
import { LDAP_TABS, toProvider, toUserFederation, type LdapTab } from "../paths.ts";
import {
  createProvider,
  deleteComponent,
  fetchProvider,
  providerKey,
  providersKey,
  syncUsers,
  updateProvider,
  type Component,
} from "../queries.ts";
import { LDAP_DEFAULTS } from "./ldap-defaults.ts";
import { LdapMappersTab } from "./ldap-mappers-tab.tsx";
import { LdapSettingsFields } from "./ldap-settings-form.tsx";
import { LdapSyncPanel, type SyncState } from "./ldap-sync-panel.tsx";
import "../messages.ts";

/** `/:realm/user-federation/ldap/new` and `ldap/:id/:tab` (settings, mappers). */
export default function LdapProviderPage() {
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { id, tab } = useParams();
  const query = useQuery({
    queryKey: providerKey(realm, id ?? ""),
    queryFn: () => fetchProvider(adminClient, realm, id ?? ""),
    enabled: !!id,
  });
  if (!id) return <LdapForm />;
  if (!(LDAP_TABS as readonly string[]).includes(tab ?? ""))
    return <Navigate to={toProvider(realm, "ldap", id, "settings")} replace />;
  if (query.isPending) return <LoadingSpinner />;
  if (query.error)
    return (
      <PageSection>
        <Alert variant="danger" isInline title={errorMessage(query.error)} />
      </PageSection>
    );
  return <LdapProviderView provider={query.data} tab={tab as LdapTab} />;
}

function LdapProviderView({ provider, tab }: { provider: Component; tab: LdapTab }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useAccess().hasAccess("manage-realm");
  const [sync, setSync] = useState<SyncState>({ running: false });
  const id = provider.id ?? "";

  const runSync = async (action: "triggerFullSync" | "triggerChangedUsersSync") => {
    if (sync.running) return;
    setSync({ running: true, startedAt: Date.now() });
    try {
      const result = await syncUsers(adminClient, realm, id, action);
      setSync({ running: false, result });
      addAlert(t("syncUsersSuccess"), "success", result.status);
      await queryClient.invalidateQueries({ queryKey: providersKey(realm) });
    } catch (error) {
      setSync({ running: false });
      addError("syncUsersError", error);
    }
  };
  const confirmed = (title: string, children: string, confirmLabel: string) =>
    confirm({ title, children, variant: "destructive", confirmLabel });
  const unlink = async () => {
    if (!(await confirmed(t("userFedUnlinkUsersConfirmTitle"), t("userFedUnlinkUsersConfirm"), t("unlinkUsers"))))
      return;
    try {
      await adminClient.userStorageProvider.unlinkUsers({ realm, id });
      addAlert(t("unlinkUsersSuccess"));
    } catch (error) {
      addError("unlinkUsersError", error);
    }
  };
  const removeImported = async () => {
    if (!(await confirmed(t("removeImportedUsers"), t("removeImportedUsersMessage"), t("removeImported")))) return;
    try {
      await adminClient.userStorageProvider.removeImportedUsers({ realm, id });
      addAlert(t("removeImportedUsersSuccess"));
    } catch (error) {
      addError("removeImportedUsersError", error);
    }
  };
  const remove = async () => {
    if (!(await confirmed(t("deleteProvider"), t("userFedDeleteConfirm"), t("delete")))) return;
    try {
      await deleteComponent(adminClient, realm, id);
      addAlert(t("userFedDeletedSuccess"));
      await queryClient.invalidateQueries({ queryKey: providersKey(realm) });
      navigate(toUserFederation(realm));
    } catch (error) {
      addError("userFedDeleteError", error);
    }
  };
  const importing = provider.config?.importEnabled?.[0] !== "false";
  return (
    <>
      <ViewHeader
        title={provider.name ?? ""}
        subtitle={t("ldap")}
        actions={
          canManage
            ? [
                {
                  title: t("syncChangedUsers"),
                  onClick: () => void runSync("triggerChangedUsersSync"),
                  isDisabled: sync.running || !importing,
                },
                {
                  title: t("syncAllUsers"),
                  onClick: () => void runSync("triggerFullSync"),
                  isDisabled: sync.running || !importing,
                },
                { title: t("unlinkUsers"), onClick: () => void unlink(), isDisabled: sync.running },
                { title: t("removeImported"), onClick: () => void removeImported(), isDisabled: sync.running },
                { title: t("delete"), onClick: () => void remove(), isDanger: true, isDisabled: sync.running },
              ]
            : undefined
        }
      />
      <PageSection>
        <LdapSyncPanel providerId={id} state={sync} />
      </PageSection>
      <PageSection type="tabs">
        <Tabs
          activeKey={tab}
          onSelect={(_event, key) => navigate(toProvider(realm, "ldap", id, key as LdapTab))}
          aria-label={t("ldap")}
        >
          <Tab eventKey="settings" title={<TabTitleText>{t("settings")}</TabTitleText>}>
            {tab === "settings" && (
              <PageSection>
                <LdapForm provider={provider} />
              </PageSection>
            )}
          </Tab>
          <Tab eventKey="mappers" title={<TabTitleText>{t("mappers")}</TabTitleText>}>
            {tab === "mappers" && (
              <PageSection>
                <LdapMappersTab providerId={id} />
              </PageSection>
            )}
          </Tab>
        </Tabs>
      </PageSection>
      {dialog}
    </>
  );
}

/** The settings form, new or saved; a failed save keeps what was typed and shows the server's message. */
function LdapForm({ provider }: { provider?: Component }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const form = useKcForm<ProviderFormValues>({ defaultValues: fromComponent(provider, LDAP_DEFAULTS) });
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const canManage = useAccess().hasAccess("manage-realm");
  const realmId = useQuery({
    queryKey: ["realm-id", realm],
    queryFn: async () => (await adminClient.realms.findOne({ realm }))?.id,
  }).data;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (provider?.id) {
        await updateProvider(adminClient, realm, provider.id, {
          ...toComponent(values, "ldap", provider.parentId),
          id: provider.id,
        });
        form.reset(values);
        addAlert(t("saveProviderSuccess"));
        await queryClient.invalidateQueries({ queryKey: providerKey(realm, provider.id) });
      } else {
        const id = await createProvider(adminClient, realm, toComponent(values, "ldap", realmId));
        addAlert(t("saveProviderSuccess"));
        await queryClient.invalidateQueries({ queryKey: providersKey(realm) });
        navigateSaved(toProvider(realm, "ldap", id, "settings"));
      }
    } catch (error) {
      addError("saveProviderError", error);
    }
  });
  const page = (
    <FormProvider {...form}>
      <Form onSubmit={submit} noValidate aria-label={t("ldap")} isWidthLimited isHorizontal>
        <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0, display: "contents" }}>
          <LdapSettingsFields componentId={provider?.id} />
        </fieldset>
        <ActionGroup>
          {canManage && <SubmitButton<ProviderFormValues>>{t("save")}</SubmitButton>}
          <Button variant="link" onClick={() => navigate(toUserFederation(realm))}>
            {t("cancel")}
          </Button>
        </ActionGroup>
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
      </Form>
    </FormProvider>
  );
  if (provider) return page;
  return (
    <>
      <ViewHeader title={t("addProvider", { count: 1, provider: t("ldap") })} />
      <PageSection>{page}</PageSection>
    </>
  );
}
