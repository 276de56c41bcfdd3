import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { FormProvider } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ProtocolMapperTypeRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/serverInfoRepesentation.js";
import type ProtocolMapperRepresentation from "@keycloak/keycloak-admin-client/lib/defs/protocolMapperRepresentation.js";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { DynamicComponents } from "../../core/ui/dynamic/index.ts";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import {
  FormField,
  SubmitButton,
  TextControl,
  UnsavedChangesGuard,
  useKcForm,
  useNavigateWhenSaved,
} from "../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { ViewHeader } from "../../core/ui/page/index.ts";
import { addMapper, clientScopeKeys, fetchClientScope, fetchMapper, updateMapper } from "./client-scope-queries.ts";
import { mapperConfig, mapperFormConfig, mapperServerErrors, type MapperFormValues } from "./mapper-config.ts";
import { toClientScope } from "./paths.ts";
import "./messages.ts";

/**
 * `/:realm/client-scopes/:id/mappers/:mapperId/:viewMode`: `add` configures a new mapper of the
 * type `mapperId`; `edit` changes the mapper `mapperId`. The form comes from the type's properties.
 */
export default function MapperPage() {
  const { t } = useMessages();
  const { id = "", mapperId = "", viewMode } = useParams();
  const isNew = viewMode === "add";
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const serverInfo = useServerInfo();
  const scope = useQuery({
    queryKey: [...clientScopeKeys.one(realm, id), "representation"],
    queryFn: () => fetchClientScope(adminClient, realm, id),
  });
  const mapper = useQuery({
    queryKey: [...clientScopeKeys.one(realm, id), "mapper", mapperId],
    queryFn: async () => (await fetchMapper(adminClient, realm, id, mapperId)) ?? null,
    enabled: !isNew,
  });

  if (scope.isPending || (!isNew && mapper.isPending)) return <LoadingSpinner />;
  const failure = scope.error ?? mapper.error;
  if (failure || !scope.data || (!isNew && !mapper.data)) {
    return (
      <PageSection>
        <p role="alert">
          {failure ? t("clientScopeLoadFailed", { message: errorMessage(failure) }) : t("mapperNotFound")}
        </p>
      </PageSection>
    );
  }
  const protocol = scope.data.protocol ?? "openid-connect";
  const typeId = isNew ? mapperId : mapper.data?.protocolMapper;
  const type = serverInfo.protocolMapperTypes?.[protocol]?.find((candidate) => candidate.id === typeId);
  if (!type) {
    return (
      <PageSection>
        <p role="alert">{t("mapperTypeNotFound", { type: typeId })}</p>
      </PageSection>
    );
  }
  return <MapperForm scopeId={id} protocol={protocol} type={type} mapper={isNew ? undefined : mapper.data!} />;
}

function MapperForm({
  scopeId,
  protocol,
  type,
  mapper,
}: {
  scopeId: string;
  protocol: string;
  type: ProtocolMapperTypeRepresentation;
  mapper?: ProtocolMapperRepresentation;
}) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const canManage = access.hasAccess("manage-clients");
  const properties = type.properties ?? [];
  const initial = (): MapperFormValues => ({
    name: mapper?.name ?? "",
    config: mapperFormConfig(properties, mapper?.config),
  });
  const form = useKcForm<MapperFormValues>({ defaultValues: initial() });
  const { reset } = form;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the stored mapper changes
  useEffect(() => reset(initial()), [mapper, reset]);

  const submit = async (values: MapperFormValues) => {
    const representation: ProtocolMapperRepresentation = {
      ...mapper,
      name: values.name.trim(),
      protocol,
      protocolMapper: type.id,
      config: mapperConfig(properties, values.config),
    };
    try {
      if (mapper?.id) await updateMapper(adminClient, realm, scopeId, { ...representation, id: mapper.id });
      else await addMapper(adminClient, realm, scopeId, representation);
    } catch (error) {
      mapperServerErrors(form, error, t, properties);
      alerts.addError(mapper ? "mappingUpdatedError" : "mappingCreatedError", error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: clientScopeKeys.one(realm, scopeId) });
    if (mapper) {
      alerts.addAlert(t("mappingUpdatedSuccess"));
      reset(values);
    } else {
      alerts.addAlert(t("mappingCreatedSuccess"));
      navigateSaved(toClientScope(realm, scopeId, "mappers"));
    }
  };

  return (
    <>
      <ViewHeader title={mapper ? (mapper.name ?? "") : t("addMapper")} subtitle={type.helpText} />
      <PageSection>
        <FormProvider {...form}>
          <Form isHorizontal onSubmit={form.handleSubmit(submit)} style={{ maxWidth: "52rem" }}>
            <FormField id="kc-mapper-type" label={t("mapperType")}>
              <TextInput id="kc-mapper-type" value={type.name ?? type.id ?? ""} readOnlyVariant="default" />
            </FormField>
            <TextControl<MapperFormValues>
              name="name"
              label={t("name")}
              labelHelp={t("mapperNameHelp")}
              rules={{ required: true }}
              isDisabled={!canManage || !!mapper}
            />
            <DynamicComponents properties={properties} isReadOnly={!canManage} />
            {canManage && (
              <ActionGroup>
                <SubmitButton<MapperFormValues> allowNonDirty={!mapper}>{t("save")}</SubmitButton>
                <Button variant="link" onClick={() => navigate(toClientScope(realm, scopeId, "mappers"))}>
                  {t("cancel")}
                </Button>
              </ActionGroup>
            )}
            <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
          </Form>
        </FormProvider>
      </PageSection>
    </>
  );
}
