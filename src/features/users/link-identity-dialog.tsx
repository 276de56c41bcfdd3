import { useId } from "react";
import { FormProvider } from "react-hook-form";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { SubmitButton, TextControl, useKcForm } from "../../core/ui/form/index.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/index.ts";
import "./messages.ts";

export type LinkValues = { identityProvider: string; userId: string; userName: string };

/** The user's account at an identity provider: its user id and username there. Stays open (with what was typed) on failure. */
export function LinkIdentityDialog({
  provider,
  onLink,
  onClose,
}: {
  provider: string;
  onLink(values: LinkValues): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useMessages();
  const titleId = useId();
  const formId = useId();
  const form = useKcForm<LinkValues>({ defaultValues: { identityProvider: provider, userId: "", userName: "" } });
  const submit = async (values: LinkValues) => {
    if (await onLink(values)) onClose();
  };
  return (
    <Modal isOpen variant="small" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={t("linkAccountTitle", { provider })} labelId={titleId} />
      <ModalBody>
        <FormProvider {...form}>
          <Form id={formId} onSubmit={form.handleSubmit(submit)}>
            <TextControl<LinkValues> name="identityProvider" label={t("identityProvider")} isReadOnly />
            <TextControl<LinkValues> name="userId" label={t("userId")} rules={{ required: true }} />
            <TextControl<LinkValues> name="userName" label={t("username")} rules={{ required: true }} />
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        <FormProvider {...form}>
          <SubmitButton<LinkValues> form={formId} allowInvalid>
            {t("linkAccount")}
          </SubmitButton>
        </FormProvider>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
