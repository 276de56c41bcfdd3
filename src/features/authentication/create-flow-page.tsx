import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import {
  SelectControl,
  SubmitButton,
  TextAreaControl,
  TextControl,
  UnsavedChangesGuard,
  useKcForm,
  useNavigateWhenSaved,
} from "../../core/ui/form/index.ts";
import { ViewHeader } from "../../core/ui/page/index.ts";
import { toAuthentication, toFlow } from "./paths.ts";
import { authenticationKey, createFlow } from "./queries.ts";
import "./messages.ts";

interface NewFlowValues {
  alias: string;
  description: string;
  providerId: "basic-flow" | "client-flow";
}

/** `/:realm/authentication/flows/create`: a new empty top-level flow, then its page. */
export default function CreateFlowPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const form = useKcForm<NewFlowValues>({ defaultValues: { alias: "", description: "", providerId: "basic-flow" } });
  const { saved, navigateSaved } = useNavigateWhenSaved();

  const submit = form.handleSubmit(async (values) => {
    try {
      const { id } = await createFlow(adminClient, realm, { ...values, alias: values.alias.trim() });
      await queryClient.invalidateQueries({ queryKey: authenticationKey(realm) });
      addAlert(t("flowCreatedSuccess"));
      navigateSaved(toFlow(realm, id!));
    } catch (error) {
      addError("flowCreateError", error);
    }
  });

  return (
    <>
      <ViewHeader title={t("createFlow")} />
      <PageSection>
        <FormProvider {...form}>
          <Form onSubmit={submit} noValidate aria-label={t("createFlow")} isWidthLimited>
            <TextControl<NewFlowValues>
              name="alias"
              label={t("name")}
              rules={{ required: { value: true, message: t("authnFlowNameRequired") } }}
            />
            <TextAreaControl<NewFlowValues> name="description" label={t("description")} />
            <SelectControl<NewFlowValues>
              name="providerId"
              label={t("flowType")}
              labelHelp={t("topLevelFlowTypeHelp")}
              options={[
                { value: "basic-flow", label: t("authnBasicFlow") },
                { value: "client-flow", label: t("authnClientFlow") },
              ]}
            />
            <ActionGroup>
              <SubmitButton>{t("createFlow")}</SubmitButton>
              <Button variant="link" onClick={() => navigate(toAuthentication(realm))}>
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
