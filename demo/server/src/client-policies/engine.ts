import { GLOBAL_CLIENT_PROFILES, type ClientProfile } from "../admin/authentication/global-client-profiles.ts";
import type { RealmRecord } from "../store/types.ts";
import { CONDITIONS, EXECUTORS } from "./registry.ts";
import type { PolicyConfig, PolicyContext, Vote } from "./types.ts";
import { configFlag } from "./types.ts";

interface StoredPolicy {
  name?: string;
  enabled?: boolean;
  conditions?: { condition?: string; configuration?: PolicyConfig }[];
  profiles?: string[];
}

const policiesOf = (realm: RealmRecord): StoredPolicy[] =>
  (realm.settings.clientPolicies as { policies?: StoredPolicy[] } | undefined)?.policies ?? [];

function profileNamed(realm: RealmRecord, name: string): ClientProfile | undefined {
  const own = (realm.settings.clientProfiles as { profiles?: ClientProfile[] } | undefined)?.profiles ?? [];
  return own.find((profile) => profile.name === name) ?? GLOBAL_CLIENT_PROFILES.find((p) => p.name === name);
}

/** `is-negative-logic` turns a YES into a NO and a NO into a YES; an abstention stays one. */
const applyNegation = (vote: Vote, config: PolicyConfig): Vote =>
  !configFlag(config, "is-negative-logic") || vote === "ABSTAIN" ? vote : vote === "YES" ? "NO" : "YES";

/** A policy applies when none of its conditions says NO and at least one says YES, as in Keycloak. */
async function policyApplies(ctx: PolicyContext, policy: StoredPolicy): Promise<boolean> {
  let matched = false;
  for (const entry of policy.conditions ?? []) {
    const condition = entry.condition ? CONDITIONS[entry.condition] : undefined;
    if (!condition) return false;
    const config = entry.configuration ?? {};
    const vote = applyNegation(await condition(ctx, config), config);
    if (vote === "NO") return false;
    if (vote === "YES") matched = true;
  }
  return matched;
}

/**
 * Runs, for one event, the executors of every profile of every enabled policy of the realm whose conditions match,
 * in the stored order. The first refusal (a ClientPolicyError) stops the run and reaches the caller.
 */
export async function runClientPolicies(ctx: PolicyContext): Promise<void> {
  for (const policy of policiesOf(ctx.realm)) {
    if (policy.enabled !== true || !(await policyApplies(ctx, policy))) continue;
    for (const name of policy.profiles ?? []) {
      for (const entry of profileNamed(ctx.realm, name)?.executors ?? []) {
        const executor = EXECUTORS[entry.executor];
        if (executor) await executor(ctx, entry.configuration ?? {});
      }
    }
  }
}
