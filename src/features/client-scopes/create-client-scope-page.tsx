import { useNavigate } from "react-router";
import { FormProvider } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { SubmitButton, UnsavedChangesGuard, useKcForm, useNavigateWhenSaved } from "../../core/ui/form/index.ts";
import { ClientScopeFields } from "./client-scope-fields.tsx";
import { NEW_SCOPE_VALUES, toRepresentation, type ClientScopeFormValues } from "./client-scope-model.ts";
import { changeScopeType, clientScopeKeys, createClientScope } from "./client-scope-queries.ts";
import { scopeErrorField } from "./scope-server-errors.ts";
import { toClientScope, toClientScopes } from "./paths.ts";
import "./messages.ts";

/** `/:realm/client-scopes/new`: creates the scope, sets its type, then opens its details. */
export default function CreateClientScopePage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const form = useKcForm<ClientScopeFormValues>({ defaultValues: NEW_SCOPE_VALUES });

  const submit = async (values: ClientScopeFormValues) => {
    let id: string;
    try {
      id = await createClientScope(adminClient, realm, toRepresentation(values));
    } catch (error) {
      scopeErrorField(form, error, t);
      alerts.addError("createClientScopeError", error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: clientScopeKeys.all(realm) });
    // The scope exists now: a failed type change must not leave the form open for a second create.
    try {
      await changeScopeType(adminClient, realm, id, "none", values.type);
      alerts.addAlert(t("createClientScopeSuccess"));
    } catch (error) {
      alerts.addError("clientScopeCreatedTypeError", error);
    }
    navigateSaved(toClientScope(realm, id));
  };

  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("createClientScope")}</Title>
      </PageSection>
      <PageSection>
        <FormProvider {...form}>
          <Form isHorizontal onSubmit={form.handleSubmit(submit)} style={{ maxWidth: "52rem" }}>
            <ClientScopeFields isNew />
            <ActionGroup>
              <SubmitButton<ClientScopeFormValues> allowNonDirty>{t("save")}</SubmitButton>
              <Button variant="link" onClick={() => navigate(toClientScopes(realm))}>
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
