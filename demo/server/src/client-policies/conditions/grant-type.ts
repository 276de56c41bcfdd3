import type { Condition, PolicyContext } from "../types.ts";
import { configList } from "../types.ts";

/** The grant each token request event stands for, as Keycloak's grant-type condition names it. */
const GRANT_OF_EVENT: Partial<Record<PolicyContext["event"], string>> = {
  TOKEN_REFRESH: "refresh_token",
  RESOURCE_OWNER_PASSWORD_CREDENTIALS_REQUEST: "password",
  SERVICE_ACCOUNT_TOKEN_REQUEST: "client_credentials",
};

/** An authorization request asks for the code grant when its response type has `code`, else for the implicit one. */
function grantOfAuthorization(responseType: string): string | undefined {
  const types = responseType.split(" ");
  if (types.includes("code")) return "authorization_code";
  if (types.includes("token") || types.includes("id_token")) return "implicit";
  return undefined;
}

/**
 * The request's grant is one of `grant_types`. As Keycloak 26.7.3's: judged on the authorization request (code or
 * implicit), refresh, password and client-credentials requests; the code-to-token request and other events abstain.
 */
export const grantType: Condition = (ctx, config) => {
  const grant =
    ctx.event === "AUTHORIZATION_REQUEST"
      ? grantOfAuthorization(ctx.authorization?.responseType ?? "")
      : GRANT_OF_EVENT[ctx.event];
  if (ctx.event !== "AUTHORIZATION_REQUEST" && grant === undefined) return "ABSTAIN";
  return grant !== undefined && (configList(config, "grant_types") ?? []).includes(grant) ? "YES" : "NO";
};
