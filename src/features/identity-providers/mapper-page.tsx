import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { FormProvider } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ActionGroup, Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
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
import { SingleSelect } from "../../core/ui/overlays/index.ts";
import { listsToMapperConfig, mapperConfigToLists } from "./mapper-config.ts";
import { toIdentityProvider } from "./paths.ts";
import { mappersKey, type IdentityProviderMapper } from "./queries.ts";
import "./messages.ts";

const SYNC_MODES = ["INHERIT", "IMPORT", "LEGACY", "FORCE"];

interface MapperFormValues {
  name: string;
  syncMode: string;
  config: ConfigFormValues;
}

interface MapperType {
  id: string;
  name: string;
  helpText?: string;
  properties: ConfigProperty[];
}

/** `…/:alias/mappers/create` (add) and `…/:alias/mappers/:id` (edit): name, sync mode, the type's properties. */
export default function MapperPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { alias = "", id } = useParams();
  const query = useQuery({
    queryKey: [...mappersKey(realm, alias), "edit", id ?? "new"],
    queryFn: async () => {
      const types = (await adminClient.identityProviders.findMapperTypes({ realm, alias })) as unknown as Record<
        string,
        MapperType
      >;
      const mapper = id ? await adminClient.identityProviders.findOneMapper({ realm, alias, id }) : undefined;
      return { types: Object.values(types), mapper: mapper ?? undefined };
    },
  });
  if (query.isPending) return <LoadingSpinner />;
  if (query.error || (id && !query.data.mapper))
    return (
      <PageSection>
        <Alert variant="danger" isInline title={query.error ? errorMessage(query.error) : t("idpNotFound")} />
      </PageSection>
    );
  return <MapperForm types={query.data.types} mapper={query.data.mapper} />;
}

function MapperForm({ types, mapper }: { types: MapperType[]; mapper?: IdentityProviderMapper }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { providerId = "", alias = "" } = useParams();
  const { addAlert, addError } = useAlerts();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const [typeId, setTypeId] = useState(mapper?.identityProviderMapper ?? types[0]?.id ?? "");
  const propertiesOf = (id: string) => types.find((type) => type.id === id)?.properties ?? [];
  const properties = propertiesOf(typeId);
  const stored = (mapper?.config ?? {}) as Record<string, string>;
  const form = useKcForm<MapperFormValues>({
    defaultValues: {
      name: mapper?.name ?? "",
      syncMode: stored.syncMode ?? "INHERIT",
      config: fromComponentConfig(properties, mapperConfigToLists(properties, stored)),
    },
  });
  const back = toIdentityProvider(realm, providerId, alias, "mappers");
  const title = mapper ? (mapper.name ?? "") : t("addMapper");

  const submit = form.handleSubmit(async (values) => {
    const config = { ...listsToMapperConfig(toComponentConfig(properties, values.config)), syncMode: values.syncMode };
    const representation = {
      name: values.name.trim(),
      identityProviderAlias: alias,
      identityProviderMapper: typeId,
      config,
    };
    try {
      if (mapper?.id) {
        await adminClient.identityProviders.updateMapper(
          { realm, alias, id: mapper.id },
          { ...representation, id: mapper.id },
        );
        form.reset(values);
        addAlert(t("mapperSaveSuccess"));
      } else {
        await adminClient.identityProviders.createMapper({ realm, alias, identityProviderMapper: representation });
        addAlert(t("mapperCreateSuccess"));
        navigateSaved(back);
      }
      await queryClient.invalidateQueries({ queryKey: mappersKey(realm, alias) });
    } catch (error) {
      addError("mapperSaveError", error);
    }
  });

  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{title}</Title>
      </PageSection>
      <PageSection>
        <FormProvider {...form}>
          <Form onSubmit={submit} noValidate aria-label={title} isWidthLimited>
            <TextControl<MapperFormValues>
              name="name"
              label={t("name")}
              isReadOnly={!!mapper}
              rules={{ required: t("required") }}
            />
            <FormGroup label={t("syncModeOverride")} fieldId="kc-idp-mapper-sync-mode">
              <SingleSelect
                id="kc-idp-mapper-sync-mode"
                options={SYNC_MODES.map((mode) => ({ value: mode, label: t(mode.toLowerCase()) }))}
                value={form.watch("syncMode")}
                onChange={(mode) => form.setValue("syncMode", mode, { shouldDirty: true })}
              />
            </FormGroup>
            <FormGroup label={t("mapperType")} fieldId="kc-idp-mapper-type">
              <SingleSelect
                id="kc-idp-mapper-type"
                options={types.map((type) => ({ value: type.id, label: type.name, description: type.helpText }))}
                value={typeId}
                isDisabled={!!mapper}
                onChange={(next) => {
                  setTypeId(next);
                  form.setValue("config", fromComponentConfig(propertiesOf(next)));
                }}
              />
            </FormGroup>
            <DynamicComponents key={typeId} properties={properties} />
            <ActionGroup>
              <SubmitButton<MapperFormValues> allowNonDirty={!mapper} allowInvalid>
                {mapper ? t("save") : t("add")}
              </SubmitButton>
              <Button variant="link" onClick={() => navigate(back)}>
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
