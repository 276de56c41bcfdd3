import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { dpopHeader } from "../oidc/dpop.ts";
import { oauthError } from "../oidc/oauth-error.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { recordPolicyRefusal, runClientPolicyCheck } from "./events.ts";

/** Requests a client makes with its credentials besides the token grants, by Keycloak's policy event. */
const EVENT_TYPES = {
  TOKEN_REVOKE: "REVOKE_GRANT_ERROR",
  TOKEN_INTROSPECT: undefined, // Keycloak does not store introspection events by default: nothing to compare
  LOGOUT_REQUEST: "LOGOUT_ERROR",
} as const;

/**
 * Runs the client policies on a revocation, introspection or refresh-token logout of an authenticated client. A
 * refusal records the endpoint's error event with the refusal's details and the client's authentication method, and
 * is thrown as the OAuth error (400).
 */
export async function checkClientRequest(
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  req: FastifyRequest,
  event: keyof typeof EVENT_TYPES,
): Promise<void> {
  const dpopProofSent = dpopHeader(req) !== undefined;
  const refused = await runClientPolicyCheck({ server, realm, event, client, dpopProofSent });
  if (!refused) return;
  const type = EVENT_TYPES[event];
  if (type)
    await recordPolicyRefusal(server, realm, refused, {
      type,
      clientId: client.clientId,
      ipAddress: req.ip,
      details: { client_auth_method: String(client.rep.clientAuthenticatorType ?? "client-secret") },
    });
  throw oauthError(refused.status, refused.error, refused.description);
}
