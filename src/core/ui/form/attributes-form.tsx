import { FormProvider } from "react-hook-form";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { KeyValueControl } from "./key-value-control.tsx";
import { keyValueToMap, mapToKeyValue, type KeyValueEntry } from "./key-value-convert.ts";
import { SaveRevertActions } from "./save-revert-actions.tsx";
import { UnsavedChangesGuard } from "./unsaved-changes-guard.tsx";
import { useKcForm } from "./use-kc-form.ts";

interface AttributeValues {
  attributes: KeyValueEntry[];
}

export interface AttributesFormProps {
  attributes: Record<string, string[]> | undefined;
  canManage: boolean;
  /** Saves the attributes; true when the server took them (the form then counts them as saved). */
  onSave(attributes: Record<string, string[]>): Promise<boolean>;
}

/**
 * Attributes (of a role, a group…) as key-value rows with Save and Revert; a refused save keeps what was typed.
 */
export function AttributesForm({ attributes, canManage, onSave }: AttributesFormProps) {
  const { t } = useMessages();
  const defaults: AttributeValues = { attributes: mapToKeyValue(attributes) };
  const form = useKcForm<AttributeValues>({ defaultValues: defaults });
  const submit = form.handleSubmit(async (values) => {
    if (await onSave(keyValueToMap(values.attributes))) form.reset(values);
  });
  return (
    <FormProvider {...form}>
      <Form onSubmit={submit} noValidate>
        <KeyValueControl<AttributeValues> name="attributes" label={t("attributes")} isDisabled={!canManage} />
        {canManage && <SaveRevertActions<AttributeValues> onRevert={() => form.reset(defaults)} />}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
