import { useState } from "react";
import { Controller, FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { FormField, SubmitButton, useKcForm } from "../../../core/ui/form/index.ts";
import { SingleSelect } from "../../../core/ui/overlays/index.ts";
import { resourceTypeKey } from "../permission-queries.ts";
import type { PermissionsContext } from "../permissions-gate.tsx";
import { evaluateAdminAccess, type AdminEvaluation } from "./evaluate-admin-access.ts";
import { SubjectFields } from "./subject-fields.tsx";
import { EvaluationResults } from "../../../core/ui/authorization/evaluation-results.tsx";
import "../messages.ts";

interface EvaluationForm {
  user: string[];
  resourceType: string;
  resource: string[];
  scope: string;
}

/** May this user do that scope on this object (or on every object of a type)? The decision per scope and why. */
export function AdminEvaluationTab({ context }: { context: PermissionsContext }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { addError } = useAlerts();
  const firstType = context.resourceTypes[0]?.type ?? "";
  const form = useKcForm<EvaluationForm>({
    defaultValues: { user: [], resourceType: firstType, resource: [], scope: "" },
  });
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [result, setResult] = useState<AdminEvaluation>();
  const resourceType = form.watch("resourceType");
  const scopes = context.resourceTypes.find((entry) => entry.type === resourceType)?.scopes ?? [];
  const typeName = t(resourceTypeKey(resourceType));

  const submit = form.handleSubmit(async (values) => {
    setResult(undefined);
    try {
      setResult(
        await evaluateAdminAccess(adminClient, realm, context.clientId, {
          userId: values.user[0] ?? "",
          resourceType: values.resourceType,
          objectId: values.resource[0],
          scope: values.scope || undefined,
        }),
      );
    } catch (error) {
      addError("authzEvaluateError", error);
    }
  });
  const resourceLabel = (row: string) => {
    // Keycloak names a row "<object or type> with scopes [a, b]"; the scopes have their own column.
    const name = row.replace(/ with scopes \[[^\]]*\]$/, "");
    return name === resourceType ? t("allResourceType", { resourceType: typeName }) : (labels[name] ?? name);
  };

  return (
    <>
      <FormProvider {...form}>
        <Form onSubmit={submit} noValidate maxWidth="720px" aria-label={t("evaluation")}>
          <SubjectFields
            context={context}
            idPrefix="kc-evaluation"
            userRequired="evaluationUserRequired"
            labels={labels}
            onLabels={(found) => setLabels((known) => ({ ...known, ...found }))}
            onTypeChange={() => form.setValue("scope", "")}
          />
          <Controller
            control={form.control}
            name="scope"
            render={({ field }) => (
              <FormField id="kc-evaluation-scope" label={t("authorizationScope")}>
                <SingleSelect
                  id="kc-evaluation-scope"
                  aria-label={`${t("authorizationScope")}: ${field.value || t("anyScope")}`}
                  value={field.value}
                  options={[
                    { value: "", label: t("anyScope") },
                    ...scopes.map((scope) => ({ value: scope, label: scope })),
                  ]}
                  onChange={field.onChange}
                />
              </FormField>
            )}
          />
          <ActionGroup>
            <SubmitButton<EvaluationForm> allowNonDirty>{t("evaluate")}</SubmitButton>
          </ActionGroup>
        </Form>
      </FormProvider>
      {result && <EvaluationResults result={result} resourceLabel={resourceLabel} />}
    </>
  );
}
