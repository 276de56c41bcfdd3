import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { applyServerErrors } from "../../core/ui/form/server-errors.ts";
import { SubmitButton } from "../../core/ui/form/submit-button.tsx";
import { useKcForm } from "../../core/ui/form/use-kc-form.ts";
import { createRealmRole } from "./queries.ts";
import { useRoleEvents } from "./role-events.tsx";
import { RoleFormFields, type RoleFormValues } from "./role-form-fields.tsx";
import { toRole, toRoles } from "./routes.ts";
import "./messages.ts";
import { UnsavedChangesGuard, useNavigateWhenSaved } from "../../core/ui/form/index.ts";

/** `/roles/new`: name and description; on success opens the new role. */
export default function CreateRolePage() {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const emit = useRoleEvents();
  const form = useKcForm<RoleFormValues>({ defaultValues: { name: "", description: "" } });
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const submit = form.handleSubmit(async ({ name, description }) => {
    try {
      const role = await createRealmRole(adminClient, realm, { name: name.trim(), description });
      emit("role-created", { id: role.id, name: role.name });
      addAlert(t("roleCreated"));
      await queryClient.invalidateQueries({ queryKey: ["role", realm] });
      navigateSaved(toRole(realm, role.id ?? ""));
    } catch (error) {
      applyServerErrors(form, error, t);
      addError("roleCreateError", error);
    }
  });
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("createRole")}</Title>
      </PageSection>
      <PageSection>
        <FormProvider {...form}>
          <Form onSubmit={submit} noValidate maxWidth="640px">
            <RoleFormFields<RoleFormValues> isNew />
            <ActionGroup>
              <SubmitButton<RoleFormValues>>{t("create")}</SubmitButton>
              <Button variant="link" onClick={() => navigate(toRoles(realm))}>
                {t("cancel")}
              </Button>
            </ActionGroup>
            <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
          </Form>
        </FormProvider>
      </PageSection>
    </>
  );
}
