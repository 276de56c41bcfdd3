import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { notFound } from "../http/errors.ts";
import { realmByName } from "../oidc/lookup.ts";
import { issuerOf } from "../oidc/tokens.ts";
import { objectBody } from "../admin/common/body.ts";
import { paramsOf } from "../admin/common/query.ts";
import { ClientSchema } from "../admin/clients/schemas.ts";
import { OidcClientMetadataSchema } from "./schemas.ts";
import { invalidClientMetadata } from "./errors.ts";
import { toClientMetadata, toClientRepresentation } from "./description.ts";
import { withEvent } from "./events.ts";
import { deleteClient, readClient, registerClient, updateClient, type RegistrationRequest } from "./operations.ts";

export const REGISTRATION_PATH = "/clients-registrations";

function registrationRequest(server: ServerContext, req: FastifyRequest): RegistrationRequest {
  const realm = realmByName(server.db, paramsOf(req).realm);
  if (!realm) throw notFound("Realm does not exist");
  return { server, req, realm, issuer: issuerOf(frontendUrl(server, req), realm) };
}

const endpointUrl = (r: RegistrationRequest, provider: string) => `${r.issuer}${REGISTRATION_PATH}/${provider}`;
const clientUri = (r: RegistrationRequest, provider: string, clientId: string) =>
  `${endpointUrl(r, provider)}/${encodeURIComponent(clientId)}`;

const created = (reply: FastifyReply, location: string, body: unknown) =>
  reply.status(201).header("location", location).send(body);

/**
 * Dynamic client registration (Keycloak's clients-registrations): the OpenID Connect endpoint (RFC 7591/7592
 * metadata) and Keycloak's own `default` endpoint (ClientRepresentation), each with read, update and delete by the
 * client's registration access token.
 */
export async function registerClientRegistrationRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const oidc = `/realms/:realm${REGISTRATION_PATH}/openid-connect`;
  const native = `/realms/:realm${REGISTRATION_PATH}/default`;
  const ip = (req: FastifyRequest) => req.ip.replace(/^::ffff:/, "");

  app.post(oidc, { schema: { body: OidcClientMetadataSchema } }, async (req, reply) => {
    const r = registrationRequest(server, req);
    const metadata = objectBody(req.body);
    if (metadata.client_id !== undefined && metadata.client_id !== null)
      throw invalidClientMetadata("Client Identifier included");
    const rep = await withEvent(server, r.realm, ip(req), "CLIENT_REGISTER", undefined, async () => {
      const done = await registerClient(r, toClientRepresentation(metadata));
      return { result: done.rep, clientId: done.client.clientId };
    });
    const location = clientUri(r, "openid-connect", String(rep.clientId));
    const body = toClientMetadata(rep, location);
    return created(reply, location, { ...body, client_id_issued_at: Math.floor(Date.now() / 1000) });
  });

  app.get(`${oidc}/:clientId`, async (req) => {
    const r = registrationRequest(server, req);
    const { clientId } = paramsOf<"clientId">(req);
    const rep = await withEvent(server, r.realm, ip(req), "CLIENT_INFO", undefined, async () => {
      const done = await readClient(r, clientId);
      return { result: done.rep, clientId: done.client.clientId };
    });
    return toClientMetadata(rep, clientUri(r, "openid-connect", clientId));
  });

  app.put(`${oidc}/:clientId`, { schema: { body: OidcClientMetadataSchema } }, async (req) => {
    const r = registrationRequest(server, req);
    const { clientId } = paramsOf<"clientId">(req);
    const input = toClientRepresentation(objectBody(req.body));
    const rep = await withEvent(server, r.realm, ip(req), "CLIENT_UPDATE", clientId, async () => {
      const done = await updateClient(r, clientId, input);
      return { result: done.rep, clientId: done.client.clientId };
    });
    return toClientMetadata(rep, clientUri(r, "openid-connect", String(rep.clientId)));
  });

  app.post(native, { schema: { body: ClientSchema } }, async (req, reply) => {
    const r = registrationRequest(server, req);
    const rep = await withEvent(server, r.realm, ip(req), "CLIENT_REGISTER", undefined, async () => {
      const done = await registerClient(r, objectBody(req.body));
      return { result: done.rep, clientId: done.client.clientId };
    });
    return created(reply, clientUri(r, "default", String(rep.clientId)), rep);
  });

  app.get(`${native}/:clientId`, async (req) => {
    const r = registrationRequest(server, req);
    const { clientId } = paramsOf<"clientId">(req);
    return withEvent(server, r.realm, ip(req), "CLIENT_INFO", undefined, async () => {
      const done = await readClient(r, clientId);
      return { result: done.rep, clientId: done.client.clientId };
    });
  });

  app.put(`${native}/:clientId`, { schema: { body: ClientSchema } }, async (req) => {
    const r = registrationRequest(server, req);
    const { clientId } = paramsOf<"clientId">(req);
    return withEvent(server, r.realm, ip(req), "CLIENT_UPDATE", clientId, async () => {
      const done = await updateClient(r, clientId, objectBody(req.body));
      return { result: done.rep, clientId: done.client.clientId };
    });
  });

  for (const base of [oidc, native]) {
    app.delete(`${base}/:clientId`, async (req, reply) => {
      const r = registrationRequest(server, req);
      const { clientId } = paramsOf<"clientId">(req);
      await withEvent(server, r.realm, ip(req), "CLIENT_DELETE", clientId, async () => {
        const done = await deleteClient(r, clientId);
        return { result: undefined, clientId: done.client.clientId };
      });
      return reply.status(204).send();
    });
  }
}
