import { useId } from "react";
import { FormProvider } from "react-hook-form";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { SubmitButton, TextAreaControl, TextControl, useKcForm } from "../../core/ui/form/index.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/index.ts";
import "./messages.ts";

export interface FlowNameValues {
  alias: string;
  description: string;
}

/**
 * Name and description for a flow: the duplicate dialog (`title` "Duplicate flow") and the edit-info dialog.
 * Stays open with what was typed when `onSave` reports a failure.
 */
export function FlowNameDialog({
  title,
  confirmLabel,
  initial,
  onSave,
  onClose,
}: {
  title: string;
  confirmLabel: string;
  initial: FlowNameValues;
  onSave(values: FlowNameValues): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useMessages();
  const titleId = useId();
  const formId = useId();
  const form = useKcForm<FlowNameValues>({ defaultValues: initial });
  const submit = async (values: FlowNameValues) => {
    if (await onSave({ alias: values.alias.trim(), description: values.description })) onClose();
  };
  return (
    <Modal isOpen variant="small" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={title} labelId={titleId} />
      <ModalBody>
        <FormProvider {...form}>
          <Form id={formId} onSubmit={form.handleSubmit(submit)}>
            <TextControl<FlowNameValues>
              name="alias"
              label={t("name")}
              rules={{ required: { value: true, message: t("authnFlowNameRequired") } }}
            />
            <TextAreaControl<FlowNameValues> name="description" label={t("description")} />
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        <FormProvider {...form}>
          <SubmitButton<FlowNameValues> form={formId} allowNonDirty allowInvalid>
            {confirmLabel}
          </SubmitButton>
        </FormProvider>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
