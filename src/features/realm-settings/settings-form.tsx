import type { ReactNode } from "react";
import { FormProvider, type FieldValues, type UseFormReturn } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { SubmitButton, UnsavedChangesGuard } from "../../core/ui/form/index.ts";
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
  const { t } = useMessages();
  const canManage = useAccess().hasAccess("manage-realm");
  const submit = form.handleSubmit(onSave);
  return (
    <FormProvider {...form}>
      <Form onSubmit={submit} noValidate aria-label={label} isHorizontal isWidthLimited>
        <fieldset disabled={!canManage} className="kc-realm-settings-fields">
          {children}
        </fieldset>
        {canManage && (
          <ActionGroup>
            <SubmitButton>{t("save")}</SubmitButton>
            <Button variant="link" isDisabled={!form.formState.isDirty} onClick={() => form.reset(initial)}>
              {t("revert")}
            </Button>
          </ActionGroup>
        )}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
