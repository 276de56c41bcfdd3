import { useNavigate } from "react-router";
import { FormProvider } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { KeyValueControl } from "../../core/ui/form/key-value-control.tsx";
import { useKcForm } from "../../core/ui/form/use-kc-form.ts";
import { useOrganizationEvents } from "./organization-events.tsx";
import { OrganizationFormFields } from "./organization-form-fields.tsx";
import { NEW_ORGANIZATION, toRepresentation, type OrganizationFormValues } from "./organization-form-values.ts";
import { createOrganization, organizationsKey } from "./organization-queries.ts";
import { OrganizationsGate } from "./organizations-gate.tsx";
import { toOrganization, toOrganizations } from "./paths.ts";
import "./messages.ts";
import { SubmitButton, UnsavedChangesGuard, useNavigateWhenSaved } from "../../core/ui/form/index.ts";

/** `/:realm/organizations/new`: on success opens the new organization; on failure keeps what was typed. */
export default function NewOrganizationPage() {
  const { t } = useMessages();
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("createOrganization")}</Title>
      </PageSection>
      <OrganizationsGate>
        <PageSection>
          <NewOrganizationForm />
        </PageSection>
      </OrganizationsGate>
    </>
  );
}

function NewOrganizationForm() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const events = useOrganizationEvents();
  const form = useKcForm<OrganizationFormValues>({ defaultValues: NEW_ORGANIZATION });
  const { saved, navigateSaved } = useNavigateWhenSaved();

  const submit = form.handleSubmit(async (values) => {
    try {
      const id = await createOrganization(adminClient, realm, toRepresentation(values));
      await queryClient.invalidateQueries({ queryKey: organizationsKey(realm) });
      events.created(id, values.name.trim());
      addAlert(t("orgCreated"));
      navigateSaved(toOrganization(realm, id));
    } catch (error) {
      addError("orgCreateFailed", error);
    }
  });

  return (
    <FormProvider {...form}>
      <Form onSubmit={submit} noValidate aria-label={t("createOrganization")} isWidthLimited>
        <OrganizationFormFields isNew />
        <KeyValueControl<OrganizationFormValues>
          name="attributes"
          label={t("attributes")}
          keyLabel={t("key")}
          valueLabel={t("value")}
        />
        <ActionGroup>
          <SubmitButton>{t("save")}</SubmitButton>
          <Button variant="link" onClick={() => navigate(toOrganizations(realm))}>
            {t("cancel")}
          </Button>
        </ActionGroup>
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
      </Form>
    </FormProvider>
  );
}
