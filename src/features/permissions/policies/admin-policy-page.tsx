import { FormProvider } from "react-hook-form";
import { Navigate, useNavigate, useParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { savePolicy } from "../../../core/ui/authorization/authorization-queries.ts";
import { loadPolicy } from "../../../core/ui/authorization/load-policy.ts";
import { PolicyFields } from "../../../core/ui/authorization/policy-fields.tsx";
import {
  emptyPolicyForm,
  toPolicyRepresentation,
  type PolicyForm,
} from "../../../core/ui/authorization/policy-form-values.ts";
import { policyTypeKey } from "../../../core/ui/authorization/policy-types.ts";
import { useDeletePolicy } from "../../../core/ui/authorization/use-delete-policy.tsx";
import {
  SubmitButton,
  TextControl,
  UnsavedChangesGuard,
  useKcForm,
  useNavigateWhenSaved,
} from "../../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { toAdminPolicy, toPermissionsTab } from "../paths.ts";
import { permissionsKey } from "../permission-queries.ts";
import { PermissionsGate, type PermissionsContext } from "../permissions-gate.tsx";
import { ADMIN_POLICY_TYPES } from "./admin-policy-types.ts";
import "../messages.ts";

/** `/:realm/permissions/policies/new/:policyType` and `.../policies/:policyId/:policyType`. */
export default function AdminPolicyPage() {
  const { t } = useMessages();
  const { policyId, policyType = "" } = useParams();
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">
          {policyId ? t("policyDetails") : t("createPolicyOfType", { policyType: t(policyTypeKey(policyType)) })}
        </Title>
      </PageSection>
      <PermissionsGate>
        {(context) => <AdminPolicyScreen key={`${policyId ?? "new"}/${policyType}`} context={context} />}
      </PermissionsGate>
    </>
  );
}

function AdminPolicyScreen({ context }: { context: PermissionsContext }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { policyId, policyType = "" } = useParams();
  const query = useQuery({
    queryKey: [...permissionsKey(realm), "policy", policyId ?? "new", policyType],
    enabled: Boolean(policyId),
    queryFn: async () => (await loadPolicy(adminClient, realm, context.clientId, policyType, policyId ?? "")) ?? null,
  });
  if (!(ADMIN_POLICY_TYPES as readonly string[]).includes(policyType))
    return <Navigate to={toPermissionsTab(realm, context.clientId, "policies")} replace />;
  if (!policyId) return <AdminPolicyForm context={context} policyType={policyType} />;
  if (query.isPending) return <LoadingSpinner />;
  if (query.error || !query.data)
    return (
      <PageSection>
        <Alert
          variant="danger"
          isInline
          title={query.error ? t("policyLoadError", { error: errorMessage(query.error) }) : t("policyNotFound")}
        />
      </PageSection>
    );
  return <AdminPolicyForm context={context} policyType={policyType} policyId={policyId} stored={query.data} />;
}

interface AdminPolicyFormProps {
  context: PermissionsContext;
  policyType: string;
  policyId?: string;
  stored?: PolicyForm;
}

/** Name, then the shared fields of the policy type; save, cancel and delete. */
function AdminPolicyForm({ context, policyType, policyId, stored }: AdminPolicyFormProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const { remove, dialog } = useDeletePolicy(context.clientId);
  const form = useKcForm<PolicyForm>({ defaultValues: stored ?? emptyPolicyForm() });
  const policiesTab = toPermissionsTab(realm, context.clientId, "policies");
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await savePolicy(
        adminClient,
        realm,
        context.clientId,
        policyType,
        toPolicyRepresentation(policyType, values, policyId),
      );
      await queryClient.invalidateQueries({ queryKey: permissionsKey(realm) });
      if (policyId) {
        form.reset(values);
        addAlert(t("authzPolicySaved"));
      } else {
        addAlert(t("createPolicySuccess"));
        navigateSaved(toAdminPolicy(realm, result.id ?? "", policyType));
      }
    } catch (error) {
      addError("authzSaveError", error);
    }
  });
  return (
    <PageSection>
      <FormProvider {...form}>
        <Form onSubmit={submit} noValidate aria-label={t("policyDetails")} isWidthLimited>
          <TextControl<PolicyForm>
            name="name"
            label={t("name")}
            rules={{
              required: t("authzNameRequired"),
              validate: (value) => String(value).trim() !== "" || t("authzNameRequired"),
            }}
          />
          <PolicyFields policyType={policyType} clientUuid={context.clientId} />
          <ActionGroup>
            <SubmitButton<PolicyForm>>{t("save")}</SubmitButton>
            <Button variant="link" onClick={() => navigate(policiesTab)}>
              {t("cancel")}
            </Button>
            {policyId && (
              <Button
                variant="danger"
                onClick={async () => {
                  if (!(await remove({ id: policyId, name: stored?.name }))) return;
                  navigate(policiesTab);
                  queryClient.removeQueries({ queryKey: [...permissionsKey(realm), "policy", policyId] });
                }}
              >
                {t("delete")}
              </Button>
            )}
          </ActionGroup>
          <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
        </Form>
      </FormProvider>
      {dialog}
    </PageSection>
  );
}
