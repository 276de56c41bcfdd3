import type { Executor } from "../types.ts";
import { ClientPolicyError } from "../types.ts";

const CHECKED = new Set(["AUTHORIZATION_REQUEST", "TOKEN_REQUEST", "SERVICE_ACCOUNT_TOKEN_REQUEST"]);

/**
 * Only confidential clients may sign users in or get tokens from a code or their service account: public and
 * bearer-only clients are refused (Keycloak 26.7.3 leaves the password and refresh grants alone).
 */
export const confidentialClient: Executor = (ctx) => {
  if (!CHECKED.has(ctx.event)) return;
  const rep = ctx.client?.rep;
  const type = !rep ? "unknown" : rep.publicClient === true ? "public" : rep.bearerOnly === true ? "bearer-only" : "";
  if (type) throw new ClientPolicyError("invalid_client", `invalid client access type: ${type}`);
};
