import { useState } from "react";
import { FormProvider } from "react-hook-form";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { CodeBlock, CodeBlockCode } from "@patternfly/react-core/dist/esm/components/CodeBlock/index.js";
import { ExpandableSection } from "@patternfly/react-core/dist/esm/components/ExpandableSection/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { Controller } from "react-hook-form";
import { FormField } from "../../../../core/ui/form/form-field.tsx";
import { KeyValueControl } from "../../../../core/ui/form/key-value-control.tsx";
import { keyValueToMap, type KeyValueEntry } from "../../../../core/ui/form/key-value-convert.ts";
import { ClientPicker, UserPicker } from "../../../../core/ui/pickers/index.ts";
import { ReferencePickerControl } from "../../../../core/ui/authorization/reference-picker-control.tsx";
import { SubmitButton } from "../../../../core/ui/form/submit-button.tsx";
import { useKcForm } from "../../../../core/ui/form/use-kc-form.ts";
import { evaluate, fetchResourcesPage } from "../../../../core/ui/authorization/authorization-queries.ts";
import { TablePagination } from "../../../../core/ui/table/table-toolbar.tsx";
import { EvaluationResults, type EvaluationRow } from "../../../../core/ui/authorization/evaluation-results.tsx";
import "../authorization-messages.ts";

interface EvaluateForm {
  client: string[];
  user: string[];
  roles: string[];
  resources: string[];
  scopes: string[];
  attributes: KeyValueEntry[];
}

const EVALUATE_PAGE_SIZE = 10;

interface EvaluationShown {
  status?: string;
  results: EvaluationRow[];
  rpt?: unknown;
  /** Set when every resource was asked for: the page of resources evaluated. */
  page?: { values: EvaluateForm; first: number; max: number; hasNext: boolean };
}

/** Evaluate: who (user, roles), what (a resource and scopes, or all), context; the decision per resource and why. */
export function AuthorizationEvaluateTab({ client }: { client: ClientRepresentation }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const clientUuid = client.id ?? "";
  const adminClient = useAdminClient();
  const { addError } = useAlerts();
  const form = useKcForm<EvaluateForm>({
    defaultValues: { client: [], user: [], roles: [], resources: [], scopes: [], attributes: [] },
  });
  const [result, setResult] = useState<EvaluationShown>();

  /**
   * Every resource at once answers one row per resource (40 MB for 5,000 resources), so "all resources, any scope"
   * is evaluated a page of resources at a time, each named in the request (Keycloak decides them alike).
   */
  const run = async (values: EvaluateForm, first: number, max: number) => {
    const attributes: Record<string, string> = {};
    for (const [key, [value]] of Object.entries(keyValueToMap(values.attributes))) attributes[key] = value ?? "";
    const scopes = values.scopes.map((name) => ({ name }));
    const paged = !values.resources.length && !scopes.length;
    try {
      const page = paged ? await fetchResourcesPage(adminClient, realm, clientUuid, first, max + 1, "") : [];
      const shown = page.slice(0, max);
      const resources = paged
        ? shown.map(({ _id, name }) => ({ _id, name, scopes: [] }))
        : values.resources.length
          ? values.resources.map((name) => ({ name, scopes }))
          : [{ scopes }];
      const response =
        paged && !shown.length
          ? { results: [] }
          : await evaluate(adminClient, realm, clientUuid, {
              clientId: values.client[0],
              userId: values.user[0],
              roleIds: values.roles,
              resources: resources as never,
              context: { attributes },
            });
      setResult({
        status: response.status,
        results: (response.results ?? []) as EvaluationRow[],
        rpt: (response.rpt as { authorization?: unknown } | undefined)?.authorization,
        page: paged ? { values, first, max, hasNext: page.length > max } : undefined,
      });
    } catch (error) {
      addError("authzEvaluateError", error);
    }
  };
  const submit = form.handleSubmit((values) => {
    setResult(undefined);
    return run(values, 0, result?.page?.max ?? EVALUATE_PAGE_SIZE);
  });
  const paging = result?.page;

  return (
    <>
      <FormProvider {...form}>
        <Form onSubmit={submit} noValidate maxWidth="720px">
          <Title headingLevel="h2">{t("identityInformation")}</Title>
          <Controller
            name="client"
            control={form.control}
            render={({ field }) => (
              <FormField id="kc-authz-evaluate-client" label={t("client")}>
                <ClientPicker
                  id="kc-authz-evaluate-client"
                  aria-label={t("client")}
                  valueField="id"
                  values={field.value}
                  onChange={field.onChange}
                />
              </FormField>
            )}
          />
          <Controller
            name="user"
            control={form.control}
            render={({ field }) => (
              <FormField id="kc-authz-evaluate-user" label={t("user")} helperText={t("selectUser")}>
                <UserPicker
                  id="kc-authz-evaluate-user"
                  aria-label={t("user")}
                  isMulti={false}
                  values={field.value}
                  onChange={field.onChange}
                />
              </FormField>
            )}
          />
          <ReferencePickerControl<EvaluateForm>
            name="roles"
            label={t("roles")}
            clientUuid={clientUuid}
            kind="role"
            placeholder={t("searchForRole")}
          />
          <Title headingLevel="h2">{t("resourcesAndScopes")}</Title>
          <ReferencePickerControl<EvaluateForm>
            name="resources"
            label={t("resources")}
            clientUuid={clientUuid}
            kind="resource"
            placeholder={t("allResources")}
          />
          <ReferencePickerControl<EvaluateForm>
            name="scopes"
            label={t("authorizationScopes")}
            clientUuid={clientUuid}
            kind="scope"
            placeholder={t("anyScope")}
          />
          <Title headingLevel="h2">{t("contextualAttributes")}</Title>
          <KeyValueControl<EvaluateForm> name="attributes" label={t("contextualAttributes")} />
          <ActionGroup>
            <SubmitButton<EvaluateForm> allowNonDirty>{t("evaluate")}</SubmitButton>
          </ActionGroup>
        </Form>
      </FormProvider>
      {paging && (
        <TablePagination
          tableLabel={t("results")}
          page={{
            first: paging.first,
            max: paging.max,
            hasNext: paging.hasNext,
            rows: result.results,
            total: undefined,
            setFirst: (first) => void run(paging.values, first, paging.max),
            setMax: (max) => void run(paging.values, 0, max),
          }}
        />
      )}
      {result && (
        <EvaluationResults result={result}>
          <ExpandableSection toggleText={t("authzEntitlements")}>
            <CodeBlock>
              <CodeBlockCode>{JSON.stringify(result.rpt ?? {}, null, 2)}</CodeBlockCode>
            </CodeBlock>
          </ExpandableSection>
        </EvaluationResults>
      )}
    </>
  );
}
