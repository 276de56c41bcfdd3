import type { ReactNode } from "react";
import { FormProvider, type FieldValues, type UseFormReturn } from "react-hook-form";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { SaveRevertActions, UnsavedChangesGuard } from "../../core/ui/form/index.ts";
import "./messages.ts";

export interface SettingsFormProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** Runs the save; the form keeps what was typed when it throws. */
  onSave(values: T): Promise<void>;
  /** The values the form goes back to on Revert. */
  initial: T;
  label: string;
  children: ReactNode;
}

/** A realm settings tab's form: Save and Revert (only with manage-realm), and a guard against leaving unsaved. */
export function SettingsForm<T extends FieldValues>({ form, onSave, initial, label, children }: SettingsFormProps<T>) {
  const canManage = useAccess().hasAccess("manage-realm");
  const submit = form.handleSubmit(onSave);
  return (
    <FormProvider {...form}>
      <Form onSubmit={submit} noValidate aria-label={label} isHorizontal isWidthLimited>
        <fieldset disabled={!canManage} className="kc-realm-settings-fields">
          {children}
        </fieldset>
        {canManage && (
          <SaveRevertActions onRevert={() => form.reset(initial)} isRevertDisabled={!form.formState.isDirty} />
        )}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
