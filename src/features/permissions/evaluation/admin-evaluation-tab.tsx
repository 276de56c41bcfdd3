import { useState } from "react";
import { Controller, FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { FormField, SubmitButton, useKcForm } from "../../../core/ui/form/index.ts";
import { SingleSelect } from "../../../core/ui/overlays/index.ts";
import { UserPicker } from "../../../core/ui/pickers/user-picker.tsx";
import { searchObjects } from "../object-search.ts";
import { permissionsKey, resourceTypeKey } from "../permission-queries.ts";
import type { PermissionsContext } from "../permissions-gate.tsx";
import { ServerSearchSelect } from "../../../core/ui/pickers/index.ts";
import { evaluateAdminAccess, type AdminEvaluation } from "./evaluate-admin-access.ts";
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
          <Controller
            control={form.control}
            name="user"
            rules={{ validate: (chosen) => chosen.length > 0 || t("evaluationUserRequired") }}
            render={({ field, fieldState }) => (
              <FormField id="kc-evaluation-user" label={t("user")} isRequired error={fieldState.error?.message}>
                <UserPicker
                  id="kc-evaluation-user"
                  aria-label={t("user")}
                  isMulti={false}
                  values={field.value}
                  onChange={field.onChange}
                />
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="resourceType"
            render={({ field }) => (
              <FormField id="kc-evaluation-type" label={t("resourceType")}>
                <SingleSelect
                  id="kc-evaluation-type"
                  aria-label={`${t("resourceType")}: ${t(resourceTypeKey(field.value))}`}
                  value={field.value}
                  options={context.resourceTypes.map(({ type }) => ({ value: type, label: t(resourceTypeKey(type)) }))}
                  onChange={(value) => {
                    field.onChange(value);
                    form.setValue("resource", []);
                    form.setValue("scope", "");
                  }}
                />
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="resource"
            render={({ field }) => (
              <FormField id="kc-evaluation-resource" label={t("resource")}>
                <ServerSearchSelect
                  key={resourceType}
                  id="kc-evaluation-resource"
                  aria-label={t("resource")}
                  placeholder={t("allResourceType", { resourceType: typeName })}
                  isSingle
                  queryKey={[...permissionsKey(realm), "objects", resourceType]}
                  search={async (text, max) => {
                    const found = await searchObjects(adminClient, realm, resourceType, text, max);
                    setLabels((known) => ({ ...known, ...Object.fromEntries(found.map((o) => [o.value, o.label])) }));
                    return found;
                  }}
                  values={field.value}
                  onChange={field.onChange}
                  labels={labels}
                />
              </FormField>
            )}
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
