import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { authenticateBearer, type BearerIdentity } from "../access/authenticate.ts";
import { findIdentityProvider } from "../admin/identity-providers/lookup.ts";
import { recordEvent } from "../events/record.ts";
import { HttpError } from "../http/errors.ts";
import { clientByClientId, realmByName } from "../oidc/lookup.ts";
import { BROKER_CLIENT_ID, READ_TOKEN_ROLE } from "./stored-tokens.ts";

type Params = { realm: string; alias: string };

function canReadBrokerToken(token: BearerIdentity["token"]): boolean {
  const access = (token as { resource_access?: Record<string, { roles?: unknown }> }).resource_access;
  const roles = access?.[BROKER_CLIENT_ID]?.roles;
  return Array.isArray(roles) && roles.includes(READ_TOKEN_ROLE);
}

/**
 * Keycloak's stored-token read (IdentityBrokerService GET `/realms/{realm}/broker/{alias}/token`, Identity Brokering
 * API v1): the signed-in user's token from the provider, for a bearer token carrying broker/read-token, when the
 * provider stores tokens. Refusals in Keycloak's words and statuses, recorded as IDENTITY_PROVIDER_RETRIEVE_TOKEN_ERROR.
 */
async function retrieveToken(server: ServerContext, req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
  const { alias } = req.params;
  const realm = realmByName(server.db, req.params.realm);
  if (!realm) return reply.status(404).send({ error: "Realm does not exist" });
  let identity: BearerIdentity | undefined;
  try {
    identity = await authenticateBearer(server, req);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
  const refuse = async (status: number, message: string, eventError: string, reason: string) => {
    await recordEvent(server, realm, {
      type: "IDENTITY_PROVIDER_RETRIEVE_TOKEN_ERROR",
      clientId: identity?.client?.clientId,
      userId: identity?.user.id,
      ipAddress: req.ip,
      error: eventError,
      details: { identity_provider: alias, reason },
    });
    return reply.status(status).send({ errorMessage: message });
  };
  if (!identity || identity.realm.id !== realm.id)
    return refuse(400, "Invalid token.", "invalid_token", "Invalid token");
  const clientId = identity.client?.clientId ?? "";
  if (!clientByClientId(server.db, realm, BROKER_CLIENT_ID)) {
    const message = "Realm has not migrated to support the broker token exchange service";
    return refuse(403, message, "identity_provider_error", message);
  }
  if (!canReadBrokerToken(identity.token))
    return refuse(
      403,
      `Client [${clientId}] not authorized to retrieve tokens from identity provider [${alias}].`,
      "unauthorized_client",
      "Client not authorized to retrieve tokens for provider",
    );
  const idp = findIdentityProvider(server, realm, alias);
  if (!idp)
    return refuse(
      400,
      `Identity Provider [${alias}] not found.`,
      "identity_provider_error",
      "Identity Provider not found",
    );
  if (idp.rep.storeToken !== true)
    return refuse(
      400,
      `Identity Provider [${alias}] does not support this operation.`,
      "identity_provider_error",
      "Identity Provider does not support this operation",
    );
  const link = identity.user.federatedIdentities.find((f) => f.identityProvider === idp.alias);
  if (!link)
    return refuse(
      400,
      `User [${identity.user.id}] is not associated with identity provider [${alias}].`,
      "identity_provider_error",
      "User not associated to identity provider",
    );
  if (link.token === undefined)
    return refuse(
      404,
      `No token stored for user [${identity.user.id}] with associated identity provider [${alias}].`,
      "identity_provider_error",
      "No token stored for user in this provider",
    );
  await recordEvent(server, realm, {
    type: "IDENTITY_PROVIDER_RETRIEVE_TOKEN",
    clientId,
    userId: identity.user.id,
    ipAddress: req.ip,
    details: { identity_provider: alias },
  });
  return reply.header("cache-control", "no-cache").type("application/json").send(link.token);
}

export function registerBrokerTokenEndpoint(app: FastifyInstance, server: ServerContext): void {
  app.get<{ Params: Params }>("/realms/:realm/broker/:alias/token", (req, reply) => retrieveToken(server, req, reply));
}
