import { useMemo } from "react";
import { FormProvider } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import type ComponentTypeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentTypeRepresentation.js";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import {
  DynamicComponents,
  fromComponentConfig,
  toComponentConfig,
  type ConfigFormValues,
} from "../../../core/ui/dynamic/index.ts";
import { SubmitButton, TextControl, UnsavedChangesGuard, useValuesForm } from "../../../core/ui/form/index.ts";
import { KEY_PROVIDER_TYPE, refreshKeys, type KeyProvider } from "./keys-queries.ts";
import "./keys-messages.ts";
import "./keys.css";

interface ProviderForm {
  name: string;
  config: ConfigFormValues;
}

export interface KeyProviderFormProps {
  type: ComponentTypeRepresentation;
  realmId: string;
  /** The stored provider when editing; a new one is created without it. */
  provider?: KeyProvider;
  isReadOnly?: boolean;
  onSaved(id: string): void;
  onCancel(): void;
  /** Whether leaving with unsaved changes asks first (the settings page; not the add dialog). */
  guardsNavigation?: boolean;
}

/** A key provider's name and its settings, as server info describes the provider type. */
export function KeyProviderForm({
  type,
  realmId,
  provider,
  isReadOnly,
  onSaved,
  onCancel,
  guardsNavigation,
}: KeyProviderFormProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const properties = type.properties;
  const initial = useMemo<ProviderForm>(
    () => ({ name: provider?.name ?? type.id, config: fromComponentConfig(properties, provider?.config) }),
    [provider, properties, type.id],
  );
  const form = useValuesForm<ProviderForm>(initial);
  const { reset } = form;

  const save = async (values: ProviderForm) => {
    const representation: KeyProvider = {
      name: values.name.trim(),
      providerId: type.id,
      providerType: KEY_PROVIDER_TYPE,
      parentId: provider?.parentId ?? realmId,
      config: toComponentConfig(properties, values.config),
    };
    try {
      let id = provider?.id;
      if (id) await adminClient.components.update({ realm, id }, { ...provider, ...representation, id });
      else id = (await adminClient.components.create({ realm, ...representation })).id;
      reset(values);
      await refreshKeys(queryClient, realm);
      addAlert(t("saveProviderSuccess"));
      onSaved(id);
    } catch (error) {
      addError("saveProviderError", error);
    }
  };

  return (
    <FormProvider {...form}>
      <Form isHorizontal onSubmit={form.handleSubmit(save)} className="kc-key-provider-form">
        <TextControl<ProviderForm>
          name="name"
          label={t("name")}
          labelHelp={t("keyProviderMapperNameHelp")}
          rules={{ required: true }}
          isDisabled={isReadOnly}
        />
        <DynamicComponents properties={properties} isReadOnly={isReadOnly} />
        <ActionGroup>
          {!isReadOnly && <SubmitButton<ProviderForm> allowNonDirty={!provider}>{t("save")}</SubmitButton>}
          <Button variant="link" onClick={onCancel}>
            {t("cancel")}
          </Button>
        </ActionGroup>
        {guardsNavigation && <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />}
      </Form>
    </FormProvider>
  );
}
