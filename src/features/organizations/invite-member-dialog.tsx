import { useId } from "react";
import { FormProvider } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { EMAIL_PATTERN } from "../../core/ui/form/form-constants.ts";
import { TextControl } from "../../core/ui/form/text-control.tsx";
import { useKcForm } from "../../core/ui/form/use-kc-form.ts";
import { SubmitButton } from "../../core/ui/form/submit-button.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/modal.tsx";
import { inviteMember, membersKey, type Invitation } from "./member-queries.ts";
import "./messages.ts";

/** Email (required), first and last name; the server sends the invitation. Keeps what was typed on failure. */
export function InviteMemberDialog({ orgId, onClose }: { orgId: string; onClose(changed: boolean): void }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const titleId = useId();
  const formId = useId();
  const form = useKcForm<Invitation>({ defaultValues: { email: "", firstName: "", lastName: "" } });

  const submit = form.handleSubmit(async (invitation) => {
    try {
      await inviteMember(adminClient, realm, orgId, { ...invitation, email: invitation.email.trim() });
      addAlert(t("inviteSent"));
      await queryClient.invalidateQueries({ queryKey: membersKey(realm, orgId) });
      onClose(true);
    } catch (error) {
      addError("inviteSentError", error);
    }
  });

  return (
    <Modal variant="small" isOpen onClose={() => onClose(false)} aria-labelledby={titleId}>
      <ModalHeader title={t("inviteMember")} labelId={titleId} />
      <ModalBody>
        <FormProvider {...form}>
          <Form id={formId} onSubmit={submit} noValidate>
            <TextControl<Invitation>
              name="email"
              type="email"
              label={t("email")}
              rules={{
                required: t("orgEmailRequired"),
                pattern: { value: EMAIL_PATTERN, message: t("emailInvalid") },
              }}
            />
            <TextControl<Invitation> name="firstName" label={t("firstName")} />
            <TextControl<Invitation> name="lastName" label={t("lastName")} />
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        <SubmitButton<Invitation> control={form.control} form={formId}>
          {t("sendInvitation")}
        </SubmitButton>
        <Button variant="link" onClick={() => onClose(false)}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
