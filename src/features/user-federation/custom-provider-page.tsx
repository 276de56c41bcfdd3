import { useNavigate, useParams } from "react-router";
import { FormProvider } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import {
  DynamicComponents,
  fromComponentConfig,
  toComponentConfig,
  type ConfigFormValues,
  type ConfigProperty,
} from "../../core/ui/dynamic/index.ts";
import {
  SubmitButton,
  TextControl,
  UnsavedChangesGuard,
  useKcForm,
  useNavigateWhenSaved,
} from "../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { ViewHeader } from "../../core/ui/page/index.ts";
import { STORAGE_TYPE, toProvider, toUserFederation } from "./paths.ts";
import { createProvider, fetchProvider, providerKey, providersKey, updateProvider, type Component } from "./queries.ts";
import "./messages.ts";

type Values = { name: string; config: ConfigFormValues };

/** `/:realm/user-federation/:providerId/new` and `:providerId/:id`: any other user-storage type, by its properties. */
export default function CustomProviderPage() {
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { providerId = "", id } = useParams();
  const query = useQuery({
    queryKey: providerKey(realm, id ?? ""),
    queryFn: () => fetchProvider(adminClient, realm, id ?? ""),
    enabled: !!id && id !== "new",
  });
  if (!id || id === "new") return <CustomProviderForm providerId={providerId} />;
  if (query.isPending) return <LoadingSpinner />;
  if (query.error)
    return (
      <PageSection>
        <Alert variant="danger" isInline title={errorMessage(query.error)} />
      </PageSection>
    );
  return <CustomProviderForm providerId={providerId} provider={query.data} />;
}

function CustomProviderForm({ providerId, provider }: { providerId: string; provider?: Component }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const canManage = useAccess().hasAccess("manage-realm");
  const type = useServerInfo().componentTypes?.[STORAGE_TYPE]?.find((c) => c.id === providerId);
  const properties = (type?.properties ?? []) as ConfigProperty[];
  const form = useKcForm<Values>({
    defaultValues: { name: provider?.name ?? "", config: fromComponentConfig(properties, provider?.config) },
  });
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const submit = form.handleSubmit(async (values) => {
    const component: Component = {
      name: values.name.trim(),
      providerId,
      providerType: STORAGE_TYPE,
      parentId: provider?.parentId,
      config: toComponentConfig(properties, values.config),
    };
    try {
      if (provider?.id) {
        await updateProvider(adminClient, realm, provider.id, { ...component, id: provider.id });
        form.reset(values);
      } else navigateSaved(toProvider(realm, providerId, await createProvider(adminClient, realm, component)));
      addAlert(t("saveProviderSuccess"));
      await queryClient.invalidateQueries({ queryKey: providersKey(realm) });
    } catch (error) {
      addError("saveProviderError", error);
    }
  });
  return (
    <>
      <ViewHeader
        title={provider?.name || t("addProvider", { count: 1, provider: providerId })}
        subtitle={type?.helpText}
      />
      <PageSection>
        <FormProvider {...form}>
          <Form onSubmit={submit} noValidate aria-label={providerId} isWidthLimited isHorizontal>
            <TextControl<Values>
              name="name"
              label={t("uiDisplayName")}
              rules={{ required: { value: true, message: t("required") } }}
            />
            <DynamicComponents properties={properties} isReadOnly={!canManage} />
            <ActionGroup>
              {canManage && <SubmitButton<Values>>{t("save")}</SubmitButton>}
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
