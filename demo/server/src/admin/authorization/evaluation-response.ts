import type { AuthzPolicyRecord, AuthzScopeRecord } from "../../store/types.ts";
import { rptPermissions, type Decision, type PolicyOutcome } from "../../authorization/decision-engine.ts";
import type { ResourceServerData } from "./authz-store.ts";
import { scopeRepresentation } from "./representations.ts";

const status = (granted: boolean) => (granted ? "PERMIT" : "DENY");

/**
 * Keycloak's PolicyEvaluationResponse. Its PolicyResultRepresentations are built as Keycloak builds them for an
 * evaluation (the policy's id, name, type, decision strategy, description and the names of its resources and
 * scopes), with the outcome's reason (an addition Keycloak's console ignores).
 *
 * Evaluating every resource cites the same policies thousands of times (a policy's outcome does not depend on the
 * resource), so each policy, each consulted outcome and each scope is represented once and shared.
 */
export function evaluationResponse(
  model: ResourceServerData,
  decision: Decision,
  { nameScopes = true } = {},
): Record<string, unknown> {
  const resourceName = new Map(model.resources.map((r) => [r.id, r.name]));
  const scopeName = new Map(model.scopes.map((s) => [s.id, s.name]));
  const names = (ids: string[], of: Map<string, string>) =>
    ids.map((id) => of.get(id)).filter((name): name is string => name !== undefined);
  const policies = once((policy: AuthzPolicyRecord) => ({
    id: policy.id,
    name: policy.name,
    type: policy.type,
    decisionStrategy: policy.decisionStrategy,
    ...(policy.description ? { description: policy.description } : {}),
    resources: names(policy.resourceIds, resourceName),
    scopes: names(policy.scopeIds, scopeName),
  }));
  const result = (outcome: PolicyOutcome, scopes: string[]): Record<string, unknown> => ({
    policy: policies(outcome.policy),
    status: status(outcome.granted),
    associatedPolicies: outcome.children.map((child) => consulted(child.policy, child)),
    scopes,
    reason: outcome.reason,
  });
  const consulted = once((_policy: AuthzPolicyRecord, outcome?: PolicyOutcome) => result(outcome!, []));
  const scopes = once((scope: AuthzScopeRecord) => scopeRepresentation(scope));
  return {
    results: decision.results.map((r) => ({
      resource: {
        name: nameScopes
          ? withScopes(r.resource.name, r.grantedScopes.length ? r.grantedScopes : r.deniedScopes)
          : r.resource.name,
        _id: r.resource.id,
      },
      scopes: r.requestedScopes.map((scope) => scopes(scope)),
      policies: r.permissions.map((p) => result(p, p.scopes)),
      status: status(r.granted),
      allowedScopes: r.grantedScopes.map((scope) => scopes(scope)),
      deniedScopes: r.deniedScopes.map((scope) => scopes(scope)),
      reason: r.reason,
    })),
    entitlements: false,
    status: status(decision.granted),
    rpt: { authorization: { permissions: rptPermissions(decision) } },
  };
}

/** Keycloak's row name: "<resource> with scopes [a, b]" after the scopes of the answer, in name order. */
export function withScopes(name: string, scopes: { name?: string }[]): string {
  if (!scopes.length) return name;
  return `${name} with scopes [${scopes
    .map((scope) => scope.name ?? "")
    .sort()
    .join(", ")}]`;
}

/** `build` run once per key; later calls answer the first result. */
function once<K extends object, A extends unknown[], V>(build: (key: K, ...rest: A) => V): (key: K, ...rest: A) => V {
  const built = new Map<K, V>();
  return (key, ...rest) => {
    let value = built.get(key);
    if (value === undefined) {
      value = build(key, ...rest);
      built.set(key, value);
    }
    return value;
  };
}
