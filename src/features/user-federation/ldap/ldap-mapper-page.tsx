import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { FormProvider, useWatch } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useServerInfo } from "../../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import {
  DynamicComponents,
  fromComponentConfig,
  toComponentConfig,
  type ConfigFormValues,
  type ConfigProperty,
} from "../../../core/ui/dynamic/index.ts";
import {
  SelectControl,
  SubmitButton,
  TextControl,
  UnsavedChangesGuard,
  useKcForm,
  useNavigateWhenSaved,
} from "../../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { ViewHeader } from "../../../core/ui/page/index.ts";
import "../../../core/ui/protocol-mappers/protocol-mapper-messages.ts";
import { LDAP_MAPPER_TYPE, toLdapMapper, toProvider } from "../paths.ts";
import {
  createProvider,
  deleteComponent,
  fetchProvider,
  syncMapper,
  mapperKey,
  mappersKey,
  updateProvider,
  type Component,
} from "../queries.ts";
import "../messages.ts";

type Values = { name: string; providerId: string; config: ConfigFormValues };

/** `/:realm/user-federation/ldap/:id/mappers/:mapperId` (`new` adds one): a mapper's form from its type's properties. */
export default function LdapMapperPage() {
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { id = "", mapperId = "" } = useParams();
  const isNew = mapperId === "new";
  const query = useQuery({
    queryKey: mapperKey(realm, id, mapperId),
    queryFn: () => fetchProvider(adminClient, realm, mapperId),
    enabled: !isNew,
  });
  if (isNew) return <LdapMapperForm providerId={id} />;
  if (query.isPending) return <LoadingSpinner />;
  if (query.error)
    return (
      <PageSection>
        <Alert variant="danger" isInline title={errorMessage(query.error)} />
      </PageSection>
    );
  return <LdapMapperForm providerId={id} mapper={query.data} />;
}

function LdapMapperForm({ providerId, mapper }: { providerId: string; mapper?: Component }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useAccess().hasAccess("manage-realm");
  const types = useServerInfo().componentTypes?.[LDAP_MAPPER_TYPE] ?? [];
  const propertiesOf = (typeId: string) => (types.find((c) => c.id === typeId)?.properties ?? []) as ConfigProperty[];
  const form = useKcForm<Values>({
    defaultValues: {
      name: mapper?.name ?? "",
      providerId: mapper?.providerId ?? "",
      config: fromComponentConfig(propertiesOf(mapper?.providerId ?? ""), mapper?.config),
    },
  });
  const typeId = useWatch({ control: form.control, name: "providerId" });
  const properties = propertiesOf(typeId);
  const type = types.find((c) => c.id === typeId);
  useEffect(() => {
    // A new mapper's fields start from the chosen type's defaults.
    if (!mapper) form.setValue("config", fromComponentConfig(propertiesOf(typeId)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typeId]);
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const backToList = toProvider(realm, "ldap", providerId, "mappers");

  const submit = form.handleSubmit(async (values) => {
    const component: Component = {
      name: values.name.trim(),
      providerId: values.providerId,
      providerType: LDAP_MAPPER_TYPE,
      parentId: providerId,
      config: toComponentConfig(propertiesOf(values.providerId), values.config),
    };
    try {
      if (mapper?.id) {
        await updateProvider(adminClient, realm, mapper.id, { ...component, id: mapper.id });
        form.reset(values);
        addAlert(t("mappingUpdatedSuccess"));
        await queryClient.invalidateQueries({ queryKey: mapperKey(realm, providerId, mapper.id) });
      } else {
        const id = await createProvider(adminClient, realm, component);
        addAlert(t("mappingCreatedSuccess"));
        navigateSaved(toLdapMapper(realm, providerId, id));
      }
      await queryClient.invalidateQueries({ queryKey: mappersKey(realm, providerId) });
    } catch (error) {
      addError(mapper ? "mappingUpdatedError" : "mappingCreatedError", error);
    }
  });
  const remove = async () => {
    const agreed = await confirm({
      title: t("deleteMappingTitle"),
      children: t("deleteMappingConfirm"),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!agreed || !mapper?.id) return;
    try {
      await deleteComponent(adminClient, realm, mapper.id);
      addAlert(t("mappingDeletedSuccess"));
      await queryClient.invalidateQueries({ queryKey: mappersKey(realm, providerId) });
      navigate(backToList);
    } catch (error) {
      addError("mappingDeletedError", error);
    }
  };
  const sync = async (direction: "fedToKeycloak" | "keycloakToFed") => {
    try {
      const done = await syncMapper(adminClient, realm, providerId, mapper?.id ?? "", direction);
      addAlert(t("syncLDAPGroupsSuccessful", { result: done.status ?? "" }));
    } catch (error) {
      addError("syncLDAPGroupsError", error);
    }
  };
  const kind = { "group-ldap-mapper": "groups", "role-ldap-mapper": "roles" }[mapper?.providerId ?? ""];
  const syncActions = kind
    ? [
        { title: t(`sync-ldap-${kind}-to-keycloak`), onClick: () => void sync("fedToKeycloak") },
        { title: t(`sync-keycloak-${kind}-to-ldap`), onClick: () => void sync("keycloakToFed") },
      ]
    : [];
  const required = { required: { value: true, message: t("required") } };
  return (
    <>
      <ViewHeader
        title={mapper?.name || t("addMapper")}
        subtitle={type?.helpText}
        actions={
          canManage && mapper
            ? [...syncActions, { title: t("delete"), onClick: () => void remove(), isDanger: true }]
            : undefined
        }
      />
      <PageSection>
        <FormProvider {...form}>
          <Form onSubmit={submit} noValidate aria-label={t("mappingDetails")} isWidthLimited isHorizontal>
            <TextControl<Values> name="name" label={t("name")} rules={required} isDisabled={!canManage} />
            <SelectControl<Values>
              name="providerId"
              label={t("mapperType")}
              rules={required}
              isDisabled={!!mapper || !canManage}
              options={[...types]
                .map((c) => c.id)
                .sort()
                .map((value) => ({ value, label: value }))}
            />
            {typeId && <DynamicComponents properties={properties} isReadOnly={!canManage} />}
            <ActionGroup>
              {canManage && <SubmitButton<Values>>{t("save")}</SubmitButton>}
              <Button variant="link" onClick={() => navigate(backToList)}>
                {t("cancel")}
              </Button>
            </ActionGroup>
            <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
          </Form>
        </FormProvider>
      </PageSection>
      {dialog}
    </>
  );
}
