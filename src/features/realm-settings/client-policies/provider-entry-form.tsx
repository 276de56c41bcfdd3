import { useState } from "react";
import { useNavigate } from "react-router";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useServerInfo } from "../../../core/runtime/shared-queries.ts";
import {
  DynamicComponents,
  fromComponentConfig,
  type ConfigFormValues,
  type ConfigProperty,
} from "../../../core/ui/dynamic/index.ts";
import { SubmitButton, UnsavedChangesGuard, useKcForm, useNavigateWhenSaved } from "../../../core/ui/form/index.ts";
import { SingleSelect } from "../../../core/ui/overlays/index.ts";
import { ViewHeader } from "../../../core/ui/page/index.ts";
import { fromPlainConfig, toPlainConfig } from "../plain-config.ts";
import "./client-policies-messages.ts";
import "./client-policies.css";

export interface ProviderEntry {
  type: string;
  configuration?: object;
}

export interface ProviderEntryFormProps {
  title: string;
  /** Server info's component type whose providers can be picked (executors or conditions). */
  providerType: string;
  typeLabel: string;
  /** The entry being edited; a new one when absent. */
  entry?: ProviderEntry;
  /** Types already used by the profile or policy (not offered again). */
  takenTypes: string[];
  isReadOnly: boolean;
  /** Saves; a throw keeps the form as typed (the caller shows the server's message). */
  onSave(entry: ProviderEntry): Promise<boolean>;
  backTo: string;
}

/** An executor or condition: its type from server info and that type's settings as a dynamic form. */
export function ProviderEntryForm(props: ProviderEntryFormProps) {
  const { t } = useMessages();
  const navigate = useNavigate();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const providers = useServerInfo().componentTypes?.[props.providerType] ?? [];
  const choices = providers.filter(
    (provider) => provider.id === props.entry?.type || !props.takenTypes.includes(provider.id),
  );
  const [type, setType] = useState(props.entry?.type ?? choices[0]?.id ?? "");
  const propertiesOf = (id: string) =>
    (providers.find((provider) => provider.id === id)?.properties ?? []) as ConfigProperty[];
  const properties = propertiesOf(type);
  const form = useKcForm<{ config: ConfigFormValues }>({
    defaultValues: { config: fromComponentConfig(properties, fromPlainConfig(props.entry?.configuration)) },
  });
  const choose = (next: string) => {
    setType(next);
    form.reset({ config: fromComponentConfig(propertiesOf(next)) });
  };
  const submit = async (values: { config: ConfigFormValues }) => {
    if (await props.onSave({ type, configuration: toPlainConfig(properties, values.config) }))
      navigateSaved(props.backTo);
  };
  return (
    <>
      <ViewHeader title={props.title} subtitle={props.entry?.type} />
      <PageSection>
        <FormProvider {...form}>
          <Form isHorizontal isWidthLimited noValidate onSubmit={form.handleSubmit(submit)} aria-label={props.title}>
            <fieldset disabled={props.isReadOnly} className="kc-cp-fields">
              <FormGroup label={props.typeLabel} fieldId="kc-provider-type">
                <SingleSelect
                  id="kc-provider-type"
                  options={choices.map((provider) => ({
                    value: provider.id,
                    label: provider.id,
                    description: provider.helpText,
                  }))}
                  value={type}
                  onChange={choose}
                  isDisabled={props.isReadOnly || !!props.entry}
                />
              </FormGroup>
              <DynamicComponents key={type} properties={properties} isReadOnly={props.isReadOnly} />
            </fieldset>
            <ActionGroup>
              {!props.isReadOnly && (
                <SubmitButton<{ config: ConfigFormValues }> allowNonDirty={!props.entry}>
                  {props.entry ? t("save") : t("add")}
                </SubmitButton>
              )}
              <Button variant="link" onClick={() => navigate(props.backTo)}>
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
