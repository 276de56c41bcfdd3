import { useId } from "react";
import { FormProvider } from "react-hook-form";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { MultiSelectControl, SubmitButton, TimeSelectorControl, useKcForm } from "../../core/ui/form/index.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/index.ts";
import { sendResetActionsEmail } from "./credential-queries.ts";
import { fetchEnabledRequiredActions, userKeys } from "./user-queries.ts";
import "./messages.ts";

const DEFAULT_LIFESPAN_SECONDS = 12 * 60 * 60;
const RESET_ACTIONS = ["VERIFY_EMAIL", "UPDATE_PROFILE", "CONFIGURE_TOTP", "UPDATE_PASSWORD", "TERMS_AND_CONDITIONS"];

type ResetActionsValues = { actions: string[]; lifespan: number };

/** Emails the user a link to perform the chosen actions, valid for the chosen lifespan. */
export function ResetActionsDialog({ userId, onClose }: { userId: string; onClose(): void }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const alerts = useAlerts();
  const titleId = useId();
  const formId = useId();
  const requiredActions = useQuery({
    queryKey: userKeys.requiredActions(realm),
    queryFn: () => fetchEnabledRequiredActions(adminClient, realm),
    enabled: access.hasAccess("view-realm"),
  });
  const form = useKcForm<ResetActionsValues>({ defaultValues: { actions: [], lifespan: DEFAULT_LIFESPAN_SECONDS } });
  const choices = requiredActions.data
    ? requiredActions.data.map((action) => ({ value: action.alias ?? "", label: action.name ?? action.alias ?? "" }))
    : RESET_ACTIONS.map((alias) => ({ value: alias, label: alias }));

  const submit = async ({ actions, lifespan }: ResetActionsValues) => {
    try {
      await sendResetActionsEmail(adminClient, realm, userId, actions, lifespan);
      alerts.addAlert(t("credentialResetEmailSuccess"));
      onClose();
    } catch (error) {
      alerts.addError("credentialResetEmailError", error);
    }
  };

  return (
    <Modal isOpen variant="small" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={t("credentialReset")} labelId={titleId} />
      <ModalBody>
        <FormProvider {...form}>
          <Form id={formId} onSubmit={form.handleSubmit(submit)}>
            <MultiSelectControl<ResetActionsValues>
              name="actions"
              label={t("resetActions")}
              options={choices}
              rules={{ validate: (value) => (value as string[]).length > 0 }}
            />
            <TimeSelectorControl<ResetActionsValues>
              name="lifespan"
              label={t("lifespan")}
              units={["minute", "hour", "day"]}
            />
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        <FormProvider {...form}>
          <SubmitButton<ResetActionsValues> form={formId} allowNonDirty allowInvalid>
            {t("credentialResetConfirm")}
          </SubmitButton>
        </FormProvider>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
