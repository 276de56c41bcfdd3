import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { realmByName } from "./lookup.ts";
import { realmJwks } from "./keys.ts";

export async function registerCertsEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get<{ Params: { realm: string } }>("/realms/:realm/protocol/openid-connect/certs", async (req, reply) => {
    const realm = realmByName(server.db, req.params.realm);
    if (!realm) return reply.status(404).send({ error: "Realm does not exist" });
    const keys = await realmJwks(server, realm);
    return reply.header("content-type", "application/jwk-set+json").send(JSON.stringify({ keys }));
  });
}
