import type { ClientRecord } from "../store/types.ts";
import { clientAttribute } from "./lookup.ts";
import { authorizationRedirectUri } from "./redirect-uris.ts";
import { PKCE_METHODS } from "./pkce.ts";

export interface AuthParamsError {
  error: string;
  description?: string;
  /** The redirect URI itself is refused: the error cannot go back to the client. */
  unredirectable?: boolean;
  /** A PKCE refusal: Keycloak checks PKCE after the client policies, whose refusal then wins. */
  pkce?: boolean;
}

/**
 * What Keycloak refuses in an authorization request's parameters, in its order: the redirect URI, the response mode
 * and type, the standard flow, PKCE. The authorization endpoint and the pushed-request endpoint both check them.
 */
export function authParamsError(
  client: ClientRecord,
  params: Record<string, string | undefined>,
  baseUrl: string,
): AuthParamsError | undefined {
  if (!authorizationRedirectUri(client, params.redirect_uri, params.scope, baseUrl))
    return { error: "invalid_request", description: "Invalid parameter: redirect_uri", unredirectable: true };
  if (!["query", "fragment", "form_post"].includes(params.response_mode ?? "query"))
    return { error: "invalid_request", description: "Invalid parameter: response_mode" };
  if (!params.response_type) return { error: "invalid_request", description: "Missing parameter: response_type" };
  if (params.response_type !== "code") {
    const known = /^(code |)(id_token|token|id_token token)$/.test(params.response_type);
    return known
      ? {
          error: "unauthorized_client",
          description:
            "Client is not allowed to initiate browser login with given response_type. Implicit flow is disabled for the client.",
        }
      : { error: "unsupported_response_type" };
  }
  if (client.rep.standardFlowEnabled === false)
    return {
      error: "unauthorized_client",
      description:
        "Client is not allowed to initiate browser login with given response_type. Standard flow is disabled for the client.",
    };
  const requiredPkce = clientAttribute(client, "pkce.code.challenge.method");
  if (params.code_challenge_method && !PKCE_METHODS.includes(params.code_challenge_method))
    return { error: "invalid_request", description: "Invalid parameter: code_challenge_method", pkce: true };
  if (requiredPkce && !params.code_challenge)
    return { error: "invalid_request", description: "Missing parameter: code_challenge", pkce: true };
  if (requiredPkce && (params.code_challenge_method ?? "plain") !== requiredPkce)
    return {
      error: "invalid_request",
      description: "Invalid parameter: code challenge method is not matching the configured one",
      pkce: true,
    };
  if (params.code_challenge && !/^[A-Za-z0-9\-._~]{43,128}$/.test(params.code_challenge))
    return { error: "invalid_request", description: "Invalid parameter: code_challenge", pkce: true };
  return undefined;
}
