import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { recordEvent } from "../events/record.ts";
import { realmByName } from "./lookup.ts";
import { oauthError } from "./oauth-error.ts";
import { authenticateClient, ClientAuthError, type FormBody } from "./client-auth.ts";
import { authenticateClientAssertion } from "./client-assertion.ts";
import { passwordGrant } from "./grant-password.ts";
import { clientCredentialsGrant } from "./grant-client-credentials.ts";
import { refreshTokenGrant } from "./grant-refresh.ts";
import { authorizationCodeGrant } from "./grant-code.ts";
import { umaGrant, UMA_GRANT_TYPE } from "./grant-uma.ts";
import { DEVICE_CODE_GRANT_TYPE, deviceCodeGrant } from "./device-grant.ts";
import { DpopError, dpopHeader, rememberProvenKey, requestUri, requiresDpop, verifyDpopProof } from "./dpop.ts";

/** Each grant with the event type Keycloak records for it (an error adds _ERROR). */
const grants = {
  password: { grant: passwordGrant, eventType: "LOGIN" },
  client_credentials: { grant: clientCredentialsGrant, eventType: "CLIENT_LOGIN" },
  refresh_token: { grant: refreshTokenGrant, eventType: "REFRESH_TOKEN" },
  authorization_code: { grant: authorizationCodeGrant, eventType: "CODE_TO_TOKEN" },
  [DEVICE_CODE_GRANT_TYPE]: { grant: deviceCodeGrant, eventType: "OAUTH2_DEVICE_CODE_TO_TOKEN" },
} as const;

/** Keycloak records a failed client authentication as the grant's error event. */
async function authenticateGrantClient(
  server: ServerContext,
  realm: RealmRecord,
  req: FastifyRequest,
  body: FormBody,
  eventType: string,
): Promise<ClientRecord> {
  try {
    if (body.client_assertion !== undefined) return await authenticateClientAssertion(server, realm, req, body);
    return authenticateClient(server.db, realm, req, body);
  } catch (error) {
    if (error instanceof ClientAuthError) {
      await recordEvent(server, realm, {
        type: `${eventType}_ERROR`,
        clientId: error.clientId,
        ipAddress: req.ip,
        error: error.eventError,
        details: { grant_type: body.grant_type! },
      });
    }
    throw error;
  }
}

/**
 * As Keycloak, after the client is authenticated: a DPoP proof, when sent or when the client requires one, must hold;
 * its key is then the one the grant binds its tokens to.
 */
async function checkDpopProof(
  server: ServerContext,
  realm: RealmRecord,
  req: FastifyRequest,
  client: ClientRecord,
  eventType: string,
): Promise<void> {
  const proof = dpopHeader(req);
  if (proof === undefined && !requiresDpop(client)) return;
  try {
    rememberProvenKey(req, await verifyDpopProof(server, proof, { method: req.method, uri: requestUri(server, req) }));
  } catch (error) {
    if (!(error instanceof DpopError)) throw error;
    await recordEvent(server, realm, {
      type: `${eventType}_ERROR`,
      clientId: client.clientId,
      ipAddress: req.ip,
      error: "invalid_dpop_proof",
      details: { reason: error.message },
    });
    throw oauthError(400, "invalid_request", error.message);
  }
}

export function formBody(req: FastifyRequest): FormBody {
  const body = req.body;
  return body && typeof body === "object" ? (body as FormBody) : {};
}

export async function registerTokenEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post<{ Params: { realm: string } }>("/realms/:realm/protocol/openid-connect/token", async (req, reply) => {
    const realm = realmByName(server.db, req.params.realm);
    if (!realm) return reply.status(404).send({ error: "Realm does not exist" });
    if (!realm.enabled) throw oauthError(400, "invalid_request", "Realm not enabled");
    const body = formBody(req);
    if (!body.grant_type) throw oauthError(400, "invalid_request", "Missing form parameter: grant_type");
    if (body.grant_type === UMA_GRANT_TYPE)
      return reply
        .header("cache-control", "no-store")
        .header("pragma", "no-cache")
        .send(await umaGrant(server, realm, req, body));
    const entry = Object.hasOwn(grants, body.grant_type) ? grants[body.grant_type as keyof typeof grants] : undefined;
    if (!entry) throw oauthError(400, "unsupported_grant_type", "Unsupported grant_type");
    const client = await authenticateGrantClient(server, realm, req, body, entry.eventType);
    await checkDpopProof(server, realm, req, client, entry.eventType);
    const tokens = await entry.grant(server, realm, client, body, req);
    return reply.header("cache-control", "no-store").header("pragma", "no-cache").send(tokens);
  });
}
