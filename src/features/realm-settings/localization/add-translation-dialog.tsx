import { FormProvider } from "react-hook-form";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { SubmitButton, TextControl, useKcForm } from "../../../core/ui/form/index.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../../core/ui/overlays/modal.tsx";
import type { Translation } from "./localization-queries.ts";
import "./localization-messages.ts";

export interface AddTranslationDialogProps {
  /** Keys the locale already has: a new translation must not silently replace one. */
  existingKeys: ReadonlySet<string>;
  /** Saves; throws to keep the dialog open with what was typed. */
  onSave(entry: Translation): Promise<void>;
  onClose(): void;
}

/** "Add translation": a message key and its text for the chosen locale. */
export function AddTranslationDialog({ existingKeys, onSave, onClose }: AddTranslationDialogProps) {
  const { t } = useMessages();
  const form = useKcForm<Translation>({ defaultValues: { key: "", value: "" } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave({ key: values.key.trim(), value: values.value });
      onClose();
    } catch {
      /* the alert shows the server's message; the dialog keeps what was typed */
    }
  });
  return (
    <Modal variant="small" isOpen onClose={onClose} aria-labelledby="kc-add-translation-title">
      <ModalHeader title={t("addTranslation")} labelId="kc-add-translation-title" />
      <ModalBody>
        <FormProvider {...form}>
          <Form id="kc-add-translation" onSubmit={submit} noValidate>
            <TextControl<Translation>
              name="key"
              label={t("translationKey")}
              rules={{
                required: true,
                validate: (value) => !existingKeys.has(String(value).trim()) || t("rsL10nKeyExists"),
              }}
            />
            <TextControl<Translation> name="value" label={t("translationValue")} rules={{ required: true }} />
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        <FormProvider {...form}>
          <SubmitButton<Translation> form="kc-add-translation" allowInvalid>
            {t("create")}
          </SubmitButton>
        </FormProvider>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
