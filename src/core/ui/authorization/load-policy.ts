import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import { fetchAssociations, fetchTypedPolicy, referenceNames } from "./authorization-queries.ts";
import { emptyPolicyForm, TIME_FIELDS, type PolicyForm } from "./policy-form-values.ts";

type Entry = { id?: string; required?: boolean; extendChildren?: boolean };

/** The form values of a stored policy: ids turned into the names the form shows. */
export async function loadPolicy(
  kc: KeycloakAdminClient,
  realm: string,
  clientUuid: string,
  type: string,
  policyId: string,
): Promise<PolicyForm | undefined> {
  const policy = await fetchTypedPolicy(kc, realm, clientUuid, type, policyId);
  if (!policy) return undefined;
  const values = emptyPolicyForm();
  values.name = policy.name ?? "";
  values.description = policy.description ?? "";
  values.logic = String(policy.logic ?? "POSITIVE");
  values.decisionStrategy = String(policy.decisionStrategy ?? "UNANIMOUS");
  const entries = (key: string) =>
    ((policy[key] as Entry[] | string[] | undefined) ?? []).map((e) => (typeof e === "string" ? { id: e } : e));
  if (type === "role") {
    const roles = entries("roles");
    values.roles = await referenceNames(
      kc,
      realm,
      "role",
      roles.map((r) => r.id ?? ""),
    );
    values.requiredRoles = values.roles.filter((_, i) => roles[i]!.required === true);
    values.fetchRoles = policy.fetchRoles === true;
  } else if (type === "user")
    values.users = await referenceNames(
      kc,
      realm,
      "user",
      entries("users").map((u) => u.id ?? ""),
    );
  else if (type === "group") {
    const groups = entries("groups");
    values.groups = await referenceNames(
      kc,
      realm,
      "group",
      groups.map((g) => g.id ?? ""),
    );
    values.extendChildren = groups.some((g) => g.extendChildren === true);
    values.groupsClaim = String(policy.groupsClaim ?? "");
  } else if (type === "client")
    values.clients = await referenceNames(
      kc,
      realm,
      "client",
      entries("clients").map((c) => c.id ?? ""),
    );
  else if (type === "client-scope") {
    const scopes = entries("clientScopes");
    values.clientScopes = await referenceNames(
      kc,
      realm,
      "clientScope",
      scopes.map((s) => s.id ?? ""),
    );
    values.requiredClientScopes = values.clientScopes.filter((_, i) => scopes[i]!.required === true);
  } else if (type === "time") for (const field of TIME_FIELDS) values[field] = String(policy[field] ?? "");
  else if (type === "regex") {
    values.targetClaim = String(policy.targetClaim ?? "");
    values.pattern = String(policy.pattern ?? "");
    values.targetContextAttributes = policy.targetContextAttributes === true;
  } else if (type === "aggregate")
    values.policies = (await fetchAssociations(kc, realm, clientUuid, policyId)).policies.map((p) => p.name ?? "");
  else if (type === "js") values.code = String(policy.code ?? "");
  return values;
}
