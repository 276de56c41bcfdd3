import { FormProvider, type UseFormReturn } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { SubmitButton, TextAreaControl, TextControl, UnsavedChangesGuard } from "../../../core/ui/form/index.ts";
import "./client-policies-messages.ts";

export interface NameDescriptionValues {
  name: string;
  description: string;
}

/** A profile's or policy's name (fixed once created, unique among `taken`) and description, with save and cancel. */
export function NameDescriptionForm({
  form,
  title,
  isNew,
  readOnly,
  taken,
  nameLabel,
  nameHelp,
  saved,
  onSubmit,
  onCancel,
}: {
  form: UseFormReturn<NameDescriptionValues>;
  title: string;
  isNew: boolean;
  readOnly: boolean;
  taken: (string | undefined)[];
  nameLabel: string;
  nameHelp?: string;
  saved: boolean;
  onSubmit(values: NameDescriptionValues): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useMessages();
  return (
    <FormProvider {...form}>
      <Form isHorizontal isWidthLimited noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label={title}>
        <fieldset disabled={readOnly} className="kc-cp-fields">
          <TextControl<NameDescriptionValues>
            name="name"
            label={nameLabel}
            helperText={nameHelp}
            isDisabled={!isNew}
            rules={{
              required: true,
              validate: (name) => !isNew || !taken.includes(String(name).trim()) || t("cpNameTaken"),
            }}
          />
          <TextAreaControl<NameDescriptionValues> name="description" label={t("description")} />
        </fieldset>
        <ActionGroup>
          {!readOnly && <SubmitButton<NameDescriptionValues> allowNonDirty={isNew}>{t("save")}</SubmitButton>}
          <Button variant="link" onClick={onCancel}>
            {t("cancel")}
          </Button>
        </ActionGroup>
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
      </Form>
    </FormProvider>
  );
}
