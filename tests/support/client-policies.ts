import type KcAdminClient from "@keycloak/keycloak-admin-client";

export type PolicyExecutor = { executor: string; configuration?: Record<string, unknown> };
export type PolicyCondition = { condition: string; configuration?: Record<string, unknown> };

/**
 * One realm profile "enforced" with these executors, applied by one enabled policy with these conditions (replacing
 * earlier ones), through the admin client addressing the realm.
 */
export async function enforcePolicy(
  kc: KcAdminClient,
  executors: PolicyExecutor[],
  conditions: PolicyCondition[] = [{ condition: "any-client" }],
): Promise<void> {
  // Keycloak answers 500 at run time for an executor or condition stored without a configuration: always send one.
  const withConfig = <T extends { configuration?: Record<string, unknown> }>(list: T[]) =>
    list.map((item) => ({ ...item, configuration: item.configuration ?? {} }));
  await kc.clientPolicies.updatePolicy({ policies: [] });
  await kc.clientPolicies.createProfiles({ profiles: [{ name: "enforced", executors: withConfig(executors) }] });
  await kc.clientPolicies.updatePolicy({
    policies: [{ name: "policy", enabled: true, conditions: withConfig(conditions), profiles: ["enforced"] }],
  });
}
