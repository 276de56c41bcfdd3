import { useEffect } from "react";
import { FormProvider } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type ComponentRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentRepresentation.js";
import type ComponentTypeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentTypeRepresentation.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { useAccess } from "../../access/access-context.tsx";
import { errorMessage } from "../../api/api-error.ts";
import { UI_TAB_PROVIDER } from "../../api/server-info.ts";
import { useMessages } from "../../i18n/use-messages.ts";
import { useCurrentRealm } from "../../runtime/current-realm.tsx";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { useRealmQuery } from "../../runtime/shared-queries.ts";
import { useAlerts } from "../alerts/alerts-context.tsx";
import { DynamicComponents, fromComponentConfig, toComponentConfig, type ConfigFormValues } from "../dynamic/index.ts";
import { SaveRevertActions, UnsavedChangesGuard, useKcForm } from "../form/index.ts";
import { LoadingSpinner } from "../layout/loading-spinner.tsx";
import { tabComponentName } from "./extension-tab-components.ts";
import "./page-messages.ts";

interface TabForm {
  config: ConfigFormValues;
}

export interface ExtensionTabFormProps {
  provider: ComponentTypeRepresentation;
  /** The address's parameters naming what the tab is about (a client's id); empty for a realm-wide tab. */
  entity: Record<string, string>;
  /** The address's parameters, kept in the component's config as Keycloak's console sends them (it lists them not). */
  stored: Record<string, string>;
}

/** A realm-wide tab takes the provider's first component, as Keycloak's console does (whatever its name). */
const isFor = (component: ComponentRepresentation, providerId: string, entity: Record<string, string>) =>
  component.providerId === providerId &&
  (Object.keys(entity).length === 0 || component.name === tabComponentName(providerId, entity));

/** A `UiTabProvider` tab: its properties through the dynamic form, saved as the realm's component of that provider. */
export default function ExtensionTabForm({ provider, entity, stored }: ExtensionTabFormProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const isReadOnly = !useAccess().hasAccess("manage-realm");
  const providerId = provider.id!;
  const properties = provider.properties ?? [];
  const realmId = useRealmQuery(realm).data?.id;
  const queryKey = ["extension-tab", realm, providerId, entity] as const;
  const component = useQuery({
    queryKey,
    enabled: !!realmId,
    queryFn: async () => {
      const all = await adminClient.components.find({ realm, type: UI_TAB_PROVIDER, parent: realmId });
      return all.find((item) => isFor(item, providerId, entity)) ?? null;
    },
  });
  const form = useKcForm<TabForm>({ defaultValues: { config: fromComponentConfig(properties) } });
  const { reset } = form;
  useEffect(() => {
    if (component.data !== undefined) reset({ config: fromComponentConfig(properties, component.data?.config) });
  }, [component.data, properties, reset]);

  if (component.isPending) return <LoadingSpinner />;
  if (component.error)
    return (
      <Alert variant="danger" isInline title={t("extensionTabLoadError", { error: errorMessage(component.error) })} />
    );
  const current = component.data;

  const save = async (values: TabForm) => {
    const config = { ...toComponentConfig(properties, values.config) };
    for (const [name, value] of Object.entries(stored)) config[name] = [value];
    const representation: ComponentRepresentation = {
      name: current?.name ?? tabComponentName(providerId, entity),
      providerId,
      providerType: UI_TAB_PROVIDER,
      parentId: realmId,
      config,
    };
    try {
      if (current?.id)
        await adminClient.components.update({ realm, id: current.id }, { ...representation, id: current.id });
      else await adminClient.components.create({ realm, ...representation });
      reset(values);
      await queryClient.invalidateQueries({ queryKey });
      alerts.addAlert(t("itemSaveSuccessful"));
    } catch (error) {
      alerts.addError("itemSaveError", error);
    }
  };

  return (
    <FormProvider {...form}>
      <Form isHorizontal onSubmit={form.handleSubmit(save)} style={{ maxWidth: "60rem" }}>
        {provider.helpText && <Content component="p">{provider.helpText}</Content>}
        <DynamicComponents properties={properties} isReadOnly={isReadOnly} />
        {!isReadOnly && (
          <SaveRevertActions<TabForm>
            allowNonDirty={!current}
            onRevert={() => reset({ config: fromComponentConfig(properties, current?.config) })}
          />
        )}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
