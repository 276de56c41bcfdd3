import type { Condition, PolicyContext } from "../types.ts";
import { configList } from "../types.ts";

type AccessType = "confidential" | "public" | "bearer-only";

function accessTypeOf(rep: Record<string, unknown>): AccessType {
  if (rep.publicClient === true) return "public";
  if (rep.bearerOnly === true) return "bearer-only";
  return "confidential";
}

/**
 * The client's access type is one of `type`. On REGISTER only the proposed representation counts; on UPDATE the
 * stored client or the proposed one, so that a client cannot leave the policy by changing its type; elsewhere the
 * request's client, wherever there is one (as Keycloak 26.7.3 judges every context with a client).
 */
export const clientAccessType: Condition = (ctx: PolicyContext, config) => {
  const wanted = configList(config, "type") ?? [];
  const matches = (rep: Record<string, unknown> | undefined) => rep !== undefined && wanted.includes(accessTypeOf(rep));
  if (ctx.event === "REGISTER") return matches(ctx.proposed) ? "YES" : "NO";
  if (!ctx.client) return "ABSTAIN";
  return matches(ctx.client.rep) || matches(ctx.proposed) ? "YES" : "NO";
};
