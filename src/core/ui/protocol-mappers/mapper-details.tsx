import { useMemo } from "react";
import { useNavigate } from "react-router";
import { FormProvider } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ProtocolMapperTypeRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/serverInfoRepesentation.js";
import type ProtocolMapperRepresentation from "@keycloak/keycloak-admin-client/lib/defs/protocolMapperRepresentation.js";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { errorMessage } from "../../api/api-error.ts";
import { useMessages } from "../../i18n/use-messages.ts";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../runtime/current-realm.tsx";
import { useServerInfo } from "../../runtime/shared-queries.ts";
import { useAlerts } from "../alerts/alerts-context.tsx";
import { DynamicComponents } from "../dynamic/index.ts";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import {
  FormField,
  SubmitButton,
  TextControl,
  UnsavedChangesGuard,
  useValuesForm,
  useNavigateWhenSaved,
} from "../form/index.ts";
import { LoadingSpinner } from "../layout/loading-spinner.tsx";
import { ViewHeader } from "../page/index.ts";
import { mapperConfig, mapperFormConfig, mapperServerErrors, type MapperFormValues } from "./mapper-config.ts";
import {
  addMapper,
  findMapper,
  protocolMapperKeys,
  updateMapper,
  type MapperLinks,
  type MapperOwner,
} from "./mapper-owner.ts";
import "./protocol-mapper-messages.ts";

export interface ProtocolMapperDetailsProps {
  owner: MapperOwner;
  /** The owner's protocol (openid-connect when unset). */
  protocol?: string;
  /** `add`: a mapper type id; `edit`: the mapper's id. */
  mapperId: string;
  viewMode: "add" | "edit";
  links: MapperLinks;
  canManage: boolean;
}

/**
 * A mapper's details: `add` configures a new mapper of the type `mapperId`; `edit` changes the
 * mapper `mapperId`. The form comes from the type's properties in server info.
 */
export function ProtocolMapperDetails({
  owner,
  protocol = "openid-connect",
  mapperId,
  viewMode,
  links,
  canManage,
}: ProtocolMapperDetailsProps) {
  const { t } = useMessages();
  const isNew = viewMode === "add";
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const serverInfo = useServerInfo();
  const mapper = useQuery({
    queryKey: protocolMapperKeys.one(realm, owner, mapperId),
    queryFn: async () => (await findMapper(adminClient, realm, owner, mapperId)) ?? null,
    enabled: !isNew,
  });

  if (!isNew && mapper.isPending) return <LoadingSpinner />;
  if (mapper.error || (!isNew && !mapper.data)) {
    return (
      <PageSection>
        <p role="alert">
          {mapper.error ? t("mapperLoadFailed", { message: errorMessage(mapper.error) }) : t("mapperNotFound")}
        </p>
      </PageSection>
    );
  }
  const typeId = isNew ? mapperId : mapper.data?.protocolMapper;
  const type = serverInfo.protocolMapperTypes?.[protocol]?.find((candidate) => candidate.id === typeId);
  if (!type) {
    return (
      <PageSection>
        <p role="alert">{t("mapperTypeNotFound", { type: typeId })}</p>
      </PageSection>
    );
  }
  return (
    <MapperForm
      owner={owner}
      protocol={protocol}
      type={type}
      mapper={isNew ? undefined : mapper.data!}
      links={links}
      canManage={canManage}
    />
  );
}

function MapperForm({
  owner,
  protocol,
  type,
  mapper,
  links,
  canManage,
}: {
  owner: MapperOwner;
  protocol: string;
  type: ProtocolMapperTypeRepresentation;
  mapper?: ProtocolMapperRepresentation;
  links: MapperLinks;
  canManage: boolean;
}) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const properties = useMemo(() => type.properties ?? [], [type]);
  const initial = useMemo<MapperFormValues>(
    () => ({ name: mapper?.name ?? "", config: mapperFormConfig(properties, mapper?.config) }),
    [mapper, properties],
  );
  const form = useValuesForm<MapperFormValues>(initial);
  const { reset } = form;

  const submit = async (values: MapperFormValues) => {
    const representation: ProtocolMapperRepresentation = {
      ...mapper,
      name: values.name.trim(),
      protocol,
      protocolMapper: type.id,
      config: mapperConfig(properties, values.config),
    };
    try {
      if (mapper?.id) await updateMapper(adminClient, realm, owner, { ...representation, id: mapper.id });
      else await addMapper(adminClient, realm, owner, representation);
    } catch (error) {
      mapperServerErrors(form, error, t, properties);
      alerts.addError(mapper ? "mappingUpdatedError" : "mappingCreatedError", error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: protocolMapperKeys.owner(realm, owner) });
    if (mapper) {
      alerts.addAlert(t("mappingUpdatedSuccess"));
      reset(values);
    } else {
      alerts.addAlert(t("mappingCreatedSuccess"));
      navigateSaved(links.toList());
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
                <Button variant="link" onClick={() => navigate(links.toList())}>
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
