import { useParams } from "react-router";
import type ClientPoliciesRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientPoliciesRepresentation.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { toEditPolicy } from "./paths.ts";
import { ProviderEntryForm } from "./provider-entry-form.tsx";
import { QueryState } from "./query-state.tsx";
import { useClientPolicies } from "./use-client-policies.ts";
import "./client-policies-messages.ts";

const CONDITION_TYPE = "org.keycloak.services.clientpolicy.condition.ClientPolicyConditionProvider";

/** `client-policies/:policyName/edit-policy/create-condition` and `.../:conditionName/edit-condition`. */
export default function ConditionPage() {
  const { query } = useClientPolicies();
  return <QueryState query={query}>{(data) => <ConditionScreen data={data} />}</QueryState>;
}

function ConditionScreen({ data }: { data: ClientPoliciesRepresentation }) {
  const { t } = useMessages();
  const { policyName = "", conditionName } = useParams();
  const { realm, save } = useClientPolicies();
  const { addAlert, addError } = useAlerts();
  const canManage = useAccess().hasAccess("manage-realm");
  const policies = data.policies ?? [];
  const policy = policies.find((entry) => entry.name === policyName);
  const condition = policy?.conditions?.find((entry) => entry.condition === conditionName);
  if (!policy || (conditionName && !condition))
    return (
      <PageSection>
        <Alert variant="danger" isInline title={t("cpNotFound", { name: conditionName ?? policyName })} />
      </PageSection>
    );
  return (
    <ProviderEntryForm
      key={conditionName ?? ""}
      title={condition ? t("editCondition") : t("addCondition")}
      providerType={CONDITION_TYPE}
      typeLabel={t("conditionType")}
      entry={condition ? { type: condition.condition ?? "", configuration: condition.configuration } : undefined}
      takenTypes={(policy.conditions ?? []).map((entry) => entry.condition ?? "")}
      isReadOnly={!canManage}
      backTo={toEditPolicy(realm, policyName)}
      onSave={async ({ type, configuration }) => {
        const conditions = condition
          ? (policy.conditions ?? []).map((entry) =>
              entry.condition === conditionName ? { condition: type, configuration } : entry,
            )
          : [...(policy.conditions ?? []), { condition: type, configuration }];
        try {
          await save(policies.map((entry) => (entry.name === policyName ? { ...entry, conditions } : entry)));
          addAlert(t(condition ? "updateClientConditionSuccess" : "createClientConditionSuccess"));
          return true;
        } catch (error) {
          addError("updateClientPoliciesError", error);
          return false;
        }
      }}
    />
  );
}
