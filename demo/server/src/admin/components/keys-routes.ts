import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { realmKeys, type RealmKey } from "../../oidc/keys.ts";
import { paramsOf } from "../common/query.ts";

/** KeysMetadataRepresentation.KeyMetadataRepresentation of one key. */
function keyMetadata(key: RealmKey): Record<string, unknown> {
  const rep: Record<string, unknown> = {
    providerId: key.componentId,
    providerPriority: key.priority,
    kid: key.kid,
    status: key.status,
    type: key.type,
    algorithm: key.algorithm,
    use: key.use,
  };
  if (key.publicKey) rep.publicKey = key.publicKey;
  if (key.certificate) rep.certificate = key.certificate;
  if (key.validTo !== undefined) rep.validTo = key.validTo;
  return rep;
}

export async function registerKeysRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get("/admin/realms/:realm/keys", async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    const keys = await realmKeys(server, ctx.realm);
    const active: Record<string, string> = {};
    for (const key of keys) if (key.status === "ACTIVE" && !(key.algorithm in active)) active[key.algorithm] = key.kid;
    return { active, keys: keys.map(keyMetadata) };
  });
}
