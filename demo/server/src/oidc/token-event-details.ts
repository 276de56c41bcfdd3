import { decodeJwt } from "jose";
import type { ClientRecord } from "../store/types.ts";
import type { TokenResponseBody } from "./tokens.ts";

/** How the client authenticated at the token endpoint, as events name it: its authenticator (a public client's too). */
export const clientAuthMethod = (client: ClientRecord): string =>
  String(client.rep.clientAuthenticatorType ?? "client-secret");

/**
 * The details every successful token endpoint event of Keycloak 26.7.3 carries about the answer it sent: the access
 * token's id, the granted scope and how the client authenticated; with a refresh token its id and type. A refresh
 * records the new refresh token as updated_refresh_token_id, refresh_token_id being the one the client sent.
 */
export function issuedTokenDetails(
  client: ClientRecord,
  tokens: TokenResponseBody,
  { refreshed = false } = {},
): Record<string, string> {
  const details: Record<string, string> = {
    token_id: String(decodeJwt(tokens.access_token).jti),
    scope: tokens.scope,
    client_auth_method: clientAuthMethod(client),
  };
  if (tokens.refresh_token) {
    const refresh = decodeJwt(tokens.refresh_token);
    details[refreshed ? "updated_refresh_token_id" : "refresh_token_id"] = String(refresh.jti);
    details.refresh_token_type = String(refresh.typ);
  }
  return details;
}
