import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { realmByName } from "./lookup.ts";
import { oauthError } from "./oauth-error.ts";
import { authenticateClient, type FormBody } from "./client-auth.ts";
import { passwordGrant } from "./grant-password.ts";
import { clientCredentialsGrant } from "./grant-client-credentials.ts";
import { refreshTokenGrant } from "./grant-refresh.ts";
import { authorizationCodeGrant } from "./grant-code.ts";

const grants = {
  password: passwordGrant,
  client_credentials: clientCredentialsGrant,
  refresh_token: refreshTokenGrant,
  authorization_code: authorizationCodeGrant,
} as const;

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
    const grant = grants[body.grant_type as keyof typeof grants];
    if (!grant) throw oauthError(400, "unsupported_grant_type", "Unsupported grant_type");
    const client = authenticateClient(server.db, realm, req, body);
    const tokens = await grant(server, realm, client, body, req);
    return reply.header("cache-control", "no-store").header("pragma", "no-cache").send(tokens);
  });
}
