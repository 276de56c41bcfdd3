import { useId } from "react";
import { FormProvider } from "react-hook-form";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { errorTexts, responseStatus } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { PasswordControl, SubmitButton, SwitchControl, useKcForm } from "../../core/ui/form/index.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/index.ts";
import { resetPassword } from "./credential-queries.ts";
import "./messages.ts";

type PasswordValues = { password: string; confirmation: string; temporary: boolean };

/** Sets a new password; temporary by default, so the user changes it at the next sign-in. */
export function ResetPasswordDialog({
  userId,
  username,
  isReset,
  onClose,
  onDone,
}: {
  userId: string;
  username?: string;
  isReset: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const titleId = useId();
  const formId = useId();
  const form = useKcForm<PasswordValues>({ defaultValues: { password: "", confirmation: "", temporary: true } });
  const title = `${isReset ? t("resetPassword") : t("setPassword")}${username ? ` (${username})` : ""}`;

  const submit = async ({ password, temporary }: PasswordValues) => {
    try {
      await resetPassword(adminClient, realm, userId, password, temporary);
      alerts.addAlert(t("savePasswordSuccess"));
      onDone();
    } catch (error) {
      // A refused password (the realm's password policy) is said next to the field as well.
      if (responseStatus(error) === 400)
        form.setError("password", { type: "server", message: errorTexts(error).text }, { shouldFocus: true });
      alerts.addError("savePasswordError", error);
    }
  };

  return (
    <Modal isOpen variant="small" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={title} labelId={titleId} />
      <ModalBody>
        <FormProvider {...form}>
          <Form id={formId} onSubmit={form.handleSubmit(submit)}>
            <PasswordControl<PasswordValues>
              name="password"
              label={t("password")}
              autoComplete="new-password"
              rules={{ required: true }}
            />
            <PasswordControl<PasswordValues>
              name="confirmation"
              label={t("passwordConfirmation")}
              autoComplete="new-password"
              rules={{
                required: true,
                validate: (value, values) => value === values.password || t("confirmPasswordDoesNotMatch"),
              }}
            />
            <SwitchControl<PasswordValues>
              name="temporary"
              label={t("temporaryPassword")}
              labelHelp={t("temporaryPasswordHelpText")}
              defaultValue
            />
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        <FormProvider {...form}>
          <SubmitButton<PasswordValues> form={formId} allowInvalid>
            {t("setPassword")}
          </SubmitButton>
        </FormProvider>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
