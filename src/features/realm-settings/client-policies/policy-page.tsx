import { useMemo } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import type ClientPoliciesRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientPoliciesRepresentation.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { useKcForm, useNavigateWhenSaved } from "../../../core/ui/form/index.ts";
import { ViewHeader } from "../../../core/ui/page/index.ts";
import { toAddCondition, toClientPolicies, toEditCondition, toEditPolicy } from "./paths.ts";
import { PolicyProfilesSection } from "./policy-profiles-section.tsx";
import { QueryState } from "./query-state.tsx";
import { useClientPolicies, type Policy } from "./use-client-policies.ts";
import { SectionBlock } from "./page-section-block.tsx";
import { NameDescriptionForm, type NameDescriptionValues } from "./name-description-form.tsx";
import "./client-policies-messages.ts";
import "./client-policies.css";

/** `client-policies/policies/add-client-policy` and `client-policies/:policyName/edit-policy`. */
export default function PolicyPage() {
  const { policyName } = useParams();
  const { query } = useClientPolicies();
  return <QueryState query={query}>{(data) => <PolicyScreen data={data} name={policyName} />}</QueryState>;
}

function PolicyScreen({ data, name }: { data: ClientPoliciesRepresentation; name?: string }) {
  const { t } = useMessages();
  const policies = data.policies ?? [];
  const policy = policies.find((entry) => entry.name === name);
  if (name && !policy)
    return (
      <PageSection>
        <Alert variant="danger" isInline title={t("cpNotFound", { name })} data-testid="client-policy-not-found" />
      </PageSection>
    );
  return <PolicyForm key={name ?? ""} policies={policies} original={policy} />;
}

function PolicyForm({ policies, original }: { policies: Policy[]; original?: Policy }) {
  const { t } = useMessages();
  const { realm, save } = useClientPolicies();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const readOnly = !useAccess().hasAccess("manage-realm");
  const isNew = !original;
  const initial = useMemo(() => ({ name: original?.name ?? "", description: original?.description ?? "" }), [original]);
  const form = useKcForm<NameDescriptionValues>({ defaultValues: initial });
  const profiles = useQuery({
    queryKey: ["realm-settings", realm, "client-profiles"],
    queryFn: () => adminClient.clientPolicies.listProfiles({ realm, includeGlobalProfiles: true }),
  });
  const available = [...(profiles.data?.globalProfiles ?? []), ...(profiles.data?.profiles ?? [])].map(
    (profile) => profile.name ?? "",
  );
  const conditions = original?.conditions ?? [];
  const taken = policies.map((policy) => policy.name);

  const replace = (next: Policy) => policies.map((entry) => (entry.name === original?.name ? next : entry));

  const submit = async (values: NameDescriptionValues) => {
    const policy: Policy = isNew
      ? { name: values.name.trim(), description: values.description, enabled: true, conditions: [], profiles: [] }
      : { ...original, description: values.description };
    try {
      await save(isNew ? [...policies, policy] : replace(policy));
      addAlert(t(isNew ? "createPolicySuccess" : "updateClientPolicySuccess"));
      if (isNew) navigateSaved(toEditPolicy(realm, policy.name ?? ""));
      else form.reset(values);
    } catch (error) {
      addError(isNew ? "createClientPolicyError" : "updateClientPoliciesError", error);
    }
  };

  const removeCondition = async (condition: string) => {
    const agreed = await confirm({
      title: t("deleteClientPolicyConditionConfirmTitle"),
      children: t("deleteClientPolicyConditionConfirm", { condition }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!agreed || !original) return;
    try {
      await save(replace({ ...original, conditions: conditions.filter((entry) => entry.condition !== condition) }));
      addAlert(t("deleteClientConditionSuccess"));
    } catch (error) {
      addError("deleteConditionError", error);
    }
  };

  const setProfiles = async (next: string[]) => {
    if (!original) return;
    try {
      await save(replace({ ...original, profiles: next }));
      addAlert(t("updateClientPolicySuccess"));
    } catch (error) {
      addError("updateClientPoliciesError", error);
    }
  };

  const title = isNew ? t("createClientPolicy") : t("cpEditPolicy");
  return (
    <>
      <ViewHeader title={title} subtitle={original?.name} />
      <PageSection>
        <NameDescriptionForm
          form={form}
          title={title}
          isNew={isNew}
          readOnly={readOnly}
          taken={taken}
          nameLabel={t("name")}
          saved={saved}
          onSubmit={submit}
          onCancel={() => navigate(toClientPolicies(realm, "policies"))}
        />
        {original ? (
          <>
            <SectionBlock title={t("conditions")}>
              {!readOnly && (
                <div>
                  <Button variant="secondary" onClick={() => navigate(toAddCondition(realm, original.name ?? ""))}>
                    {t("addCondition")}
                  </Button>
                </div>
              )}
              {conditions.length === 0 ? (
                <p>{t("emptyConditions")}</p>
              ) : (
                <Table aria-label={t("conditions")} variant="compact" className="kc-cp-table">
                  <Thead>
                    <Tr>
                      <Th>{t("conditionType")}</Th>
                      {!readOnly && <Th screenReaderText={t("delete")} />}
                    </Tr>
                  </Thead>
                  <Tbody>
                    {conditions.map(({ condition }) => (
                      <Tr key={condition}>
                        <Td dataLabel={t("conditionType")}>
                          <Link to={toEditCondition(realm, original.name ?? "", condition ?? "")}>{condition}</Link>
                        </Td>
                        {!readOnly && (
                          <Td isActionCell>
                            <Button variant="link" isDanger onClick={() => void removeCondition(condition ?? "")}>
                              {t("delete")}
                            </Button>
                          </Td>
                        )}
                      </Tr>
                    ))}
                  </Tbody>
                </Table>
              )}
            </SectionBlock>
            <PolicyProfilesSection
              realm={realm}
              attached={original.profiles ?? []}
              available={available}
              isReadOnly={readOnly}
              onChange={setProfiles}
            />
          </>
        ) : (
          <p className="kc-cp-section">{t("cpSaveFirst")}</p>
        )}
      </PageSection>
      {dialog}
    </>
  );
}
