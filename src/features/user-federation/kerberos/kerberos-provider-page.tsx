import { useEffect } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { FormProvider, useWatch } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ActionGroup, Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import {
  SelectControl,
  SubmitButton,
  SwitchControl,
  TextControl,
  UnsavedChangesGuard,
  useKcForm,
  useNavigateWhenSaved,
} from "../../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { ViewHeader } from "../../../core/ui/page/index.ts";
import { fromComponent, toComponent, type ProviderFormValues } from "../provider-form-values.ts";
import { toProvider, toUserFederation } from "../paths.ts";
import {
  createProvider,
  fetchProvider,
  providerKey,
  providersKey,
  updateProvider,
  type Component,
} from "../queries.ts";
import "../messages.ts";

type Values = ProviderFormValues;

const KERBEROS_DEFAULTS: Record<string, string> = {
  enabled: "true",
  kerberosRealm: "",
  serverPrincipal: "",
  keyTab: "",
  debug: "false",
  allowPasswordAuthentication: "false",
  editMode: "",
  updateProfileFirstLogin: "false",
  cachePolicy: "DEFAULT",
};

/** `/:realm/user-federation/kerberos/new` and `kerberos/:id`. */
export default function KerberosProviderPage() {
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { id } = useParams();
  const query = useQuery({
    queryKey: providerKey(realm, id ?? ""),
    queryFn: () => fetchProvider(adminClient, realm, id ?? ""),
    enabled: !!id,
  });
  if (!id) return <KerberosForm />;
  if (query.isPending) return <LoadingSpinner />;
  if (query.error)
    return (
      <PageSection>
        <Alert variant="danger" isInline title={errorMessage(query.error)} />
      </PageSection>
    );
  if (query.data.providerId !== "kerberos") return <Navigate to={toUserFederation(realm)} replace />;
  return <KerberosForm provider={query.data} />;
}

function KerberosForm({ provider }: { provider?: Component }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const canManage = useAccess().hasAccess("manage-realm");
  const form = useKcForm<Values>({ defaultValues: fromComponent(provider, KERBEROS_DEFAULTS) });
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const allowPassword = useWatch({ control: form.control, name: "config.allowPasswordAuthentication" });
  // The principal's whitespace is said as it is typed (upstream #41335), not only on save.
  const principal = useWatch({ control: form.control, name: "config.serverPrincipal" });
  useEffect(() => {
    if (principal) void form.trigger("config.serverPrincipal");
  }, [principal, form]);
  // Keycloak's own texts for each missing required setting
  const requiredAs = (key: string) => ({ required: { value: true, message: t(key) } });
  const submit = form.handleSubmit(async (values) => {
    try {
      if (provider?.id) {
        await updateProvider(adminClient, realm, provider.id, {
          ...toComponent(values, "kerberos", provider.parentId),
          id: provider.id,
        });
        form.reset(values);
        addAlert(t("saveProviderSuccess"));
      } else {
        const id = await createProvider(adminClient, realm, toComponent(values, "kerberos"));
        addAlert(t("saveProviderSuccess"));
        navigateSaved(toProvider(realm, "kerberos", id));
      }
      await queryClient.invalidateQueries({ queryKey: providersKey(realm) });
    } catch (error) {
      addError("saveProviderError", error);
    }
  });
  return (
    <>
      <ViewHeader
        title={provider?.name || t("addProvider", { count: 1, provider: t("kerberos") })}
        subtitle={t("kerberos")}
      />
      <PageSection>
        <Alert variant="info" isInline title={t("kerberosFlowsNote")} />
        <FormProvider {...form}>
          <Form onSubmit={submit} noValidate aria-label={t("kerberos")} isWidthLimited isHorizontal>
            <FormSection title={t("requiredSettings")} titleElement="h2">
              <TextControl<Values> name="name" label={t("uiDisplayName")} rules={requiredAs("validateName")} />
              <TextControl<Values>
                name="config.kerberosRealm"
                label={t("kerberosRealm")}
                rules={requiredAs("validateRealm")}
              />
              <TextControl<Values>
                name="config.serverPrincipal"
                label={t("serverPrincipal")}
                rules={{
                  ...requiredAs("validateServerPrincipal"),
                  validate: (value: unknown) =>
                    String(value ?? "") === String(value ?? "").trim() || t("principalWhitespace"),
                }}
              />
              <TextControl<Values> name="config.keyTab" label={t("keyTab")} rules={requiredAs("validateKeyTab")} />
              <SwitchControl<Values> name="config.debug" label={t("debug")} stringify />
              <SwitchControl<Values>
                name="config.allowPasswordAuthentication"
                label={t("allowPasswordAuthentication")}
                stringify
              />
              {allowPassword === "true" && (
                <SelectControl<Values>
                  name="config.editMode"
                  label={t("editMode")}
                  rules={requiredAs("validateEditMode")}
                  options={["READ_ONLY", "UNSYNCED"].map((value) => ({ value, label: value }))}
                />
              )}
              <SwitchControl<Values> name="config.updateProfileFirstLogin" label={t("updateFirstLogin")} stringify />
            </FormSection>
            <FormSection title={t("cacheSettings")} titleElement="h2">
              <SelectControl<Values>
                name="config.cachePolicy"
                label={t("cachePolicy")}
                options={["DEFAULT", "EVICT_DAILY", "EVICT_WEEKLY", "MAX_LIFESPAN", "NO_CACHE"].map((value) => ({
                  value,
                  label: value,
                }))}
              />
            </FormSection>
            <ActionGroup>
              {/* as Keycloak's: Save stays on and a click says what is missing (an untouched empty field shows nothing before) */}
              {canManage && <SubmitButton<Values> allowInvalid>{t("save")}</SubmitButton>}
              <Button variant="link" onClick={() => navigate(toUserFederation(realm))}>
                {t("cancel")}
              </Button>
            </ActionGroup>
            <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
          </Form>
        </FormProvider>
      </PageSection>
    </>
  );
}
