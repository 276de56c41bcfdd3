import { useNavigate, useParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { UnsavedChangesGuard, useNavigateWhenSaved } from "../../../core/ui/form/index.ts";
import { applyServerErrors } from "../../../core/ui/form/server-errors.ts";
import { SubmitButton } from "../../../core/ui/form/submit-button.tsx";
import { TextAreaControl } from "../../../core/ui/form/text-area-control.tsx";
import { TextControl } from "../../../core/ui/form/text-control.tsx";
import { useKcForm } from "../../../core/ui/form/use-kc-form.ts";
import { createClientRole } from "./client-role-queries.ts";
import { toClient, toClientRole } from "../paths.ts";
import "./client-role-messages.ts";

interface NewClientRole {
  name: string;
  description: string;
}

/** `clients/:clientId/roles/new`: a role's name and description; a duplicate keeps the form with the server's message. */
export default function CreateClientRolePage() {
  const { t } = useMessages();
  const { clientId: clientUuid = "" } = useParams();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const form = useKcForm<NewClientRole>({ defaultValues: { name: "", description: "" } });
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const submit = form.handleSubmit(async ({ name, description }) => {
    try {
      const role = await createClientRole(adminClient, realm, clientUuid, { name: name.trim(), description });
      addAlert(t("roleCreated"));
      await queryClient.invalidateQueries({ queryKey: ["role", realm] });
      navigateSaved(toClientRole(realm, clientUuid, role.id ?? ""));
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
            <TextControl<NewClientRole>
              name="name"
              label={t("roleName")}
              rules={{ validate: (value) => String(value).trim() !== "" || t("roleNameRequired") }}
            />
            <TextAreaControl<NewClientRole> name="description" label={t("description")} />
            <ActionGroup>
              <SubmitButton<NewClientRole>>{t("create")}</SubmitButton>
              <Button variant="link" onClick={() => navigate(toClient(realm, clientUuid, "roles"))}>
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
