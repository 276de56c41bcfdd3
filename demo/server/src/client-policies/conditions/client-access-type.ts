import type { Condition, PolicyContext } from "../types.ts";
import { configList } from "../types.ts";

type AccessType = "confidential" | "public" | "bearer-only";

function accessTypeOf(rep: Record<string, unknown>): AccessType {
  if (rep.publicClient === true) return "public";
  if (rep.bearerOnly === true) return "bearer-only";
  return "confidential";
}

/** Events on which Keycloak looks at the client's access type (others abstain). */
const JUDGED = new Set([
  "PUSHED_AUTHORIZATION_REQUEST",
  "AUTHORIZATION_REQUEST",
  "RESOURCE_OWNER_PASSWORD_CREDENTIALS_REQUEST",
  "TOKEN_REQUEST",
  "SERVICE_ACCOUNT_TOKEN_REQUEST",
  "TOKEN_REFRESH",
  "UPDATE",
]);

/**
 * The client's access type is one of `type`. On REGISTER only the proposed representation counts; on UPDATE the
 * stored client or the proposed one, so that a client cannot leave the policy by changing its type.
 */
export const clientAccessType: Condition = (ctx: PolicyContext, config) => {
  const wanted = configList(config, "type") ?? [];
  const matches = (rep: Record<string, unknown> | undefined) => rep !== undefined && wanted.includes(accessTypeOf(rep));
  if (ctx.event === "REGISTER") return matches(ctx.proposed) ? "YES" : "NO";
  if (!JUDGED.has(ctx.event)) return "ABSTAIN";
  return matches(ctx.client?.rep) || matches(ctx.proposed) ? "YES" : "NO";
};
