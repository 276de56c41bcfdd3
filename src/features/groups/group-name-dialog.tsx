import { useId } from "react";
import { FormProvider } from "react-hook-form";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { TextAreaControl } from "../../core/ui/form/text-area-control.tsx";
import { TextControl } from "../../core/ui/form/text-control.tsx";
import { useKcForm } from "../../core/ui/form/use-kc-form.ts";
import { SubmitButton } from "../../core/ui/form/submit-button.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/modal.tsx";
import "./messages.ts";

export interface GroupNameValues {
  name: string;
  description: string;
}

export interface GroupNameDialogProps {
  title: string;
  submitLabel: string;
  defaultValues?: GroupNameValues;
  /** Resolves when saved; a rejection keeps the dialog open with what was typed. */
  onSubmit(values: GroupNameValues): Promise<void>;
  onClose(): void;
}

/** Name and description of a group, for create and rename. */
export function GroupNameDialog({ title, submitLabel, defaultValues, onSubmit, onClose }: GroupNameDialogProps) {
  const { t } = useMessages();
  const titleId = useId();
  const formId = useId();
  const form = useKcForm<GroupNameValues>({ defaultValues: defaultValues ?? { name: "", description: "" } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({ name: values.name.trim(), description: values.description });
      onClose();
    } catch {
      /* the alert says why; the dialog keeps what was typed */
    }
  });
  return (
    <Modal isOpen variant="small" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={title} labelId={titleId} />
      <ModalBody>
        <FormProvider {...form}>
          <Form id={formId} onSubmit={submit} noValidate>
            <TextControl<GroupNameValues>
              name="name"
              label={t("name")}
              rules={{
                required: t("groupNameRequired"),
                validate: (value) => String(value).trim() !== "" || t("groupNameRequired"),
              }}
              inputProps={{ autoFocus: true }}
            />
            <TextAreaControl<GroupNameValues> name="description" label={t("description")} />
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        <SubmitButton<GroupNameValues> control={form.control} form={formId}>
          {submitLabel}
        </SubmitButton>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
