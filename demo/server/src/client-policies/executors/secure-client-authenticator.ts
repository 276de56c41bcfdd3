import type { Executor, PolicyConfig } from "../types.ts";
import { ClientPolicyError, configList } from "../types.ts";
import { invalidClientMetadata } from "./client-metadata.ts";

const ON_REQUESTS = new Set([
  "TOKEN_REQUEST",
  "TOKEN_REFRESH",
  "SERVICE_ACCOUNT_TOKEN_REQUEST",
  "TOKEN_REVOKE",
  "TOKEN_INTROSPECT",
  "LOGOUT_REQUEST",
]);

const allowed = (config: PolicyConfig, authenticator: unknown) =>
  (configList(config, "allowed-client-authenticators") ?? []).includes(String(authenticator));

/**
 * Confidential clients authenticate only with one of `allowed-client-authenticators`; a client registered or updated
 * without one gets `default-client-authenticator`. Public clients are left to the confidential-client executor.
 */
export const secureClientAuthenticator: Executor = (ctx, config) => {
  if (ctx.event === "REGISTER" || ctx.event === "UPDATE") {
    const rep = ctx.proposed!;
    const fallback = config["default-client-authenticator"];
    if (typeof fallback === "string" && fallback && rep.clientAuthenticatorType === undefined)
      rep.clientAuthenticatorType = fallback;
    if (rep.publicClient === true) return;
    if (!allowed(config, rep.clientAuthenticatorType))
      throw invalidClientMetadata("Invalid client metadata: token_endpoint_auth_method");
  } else if (ON_REQUESTS.has(ctx.event)) {
    const rep = ctx.client?.rep;
    if (!rep || rep.publicClient === true) return;
    if (!allowed(config, rep.clientAuthenticatorType ?? "client-secret"))
      throw new ClientPolicyError("invalid_request", "Configured client authentication method not allowed for client");
  }
};
