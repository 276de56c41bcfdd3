import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import type { RealmRep } from "../../realm/representation.ts";
import { paramsOf } from "../common/query.ts";
import { adminEvent } from "../common/admin-event.ts";
import { updateRealm } from "../realms/realm-crud.ts";
import { RealmSchema } from "../realms/schemas.ts";
import { parseUpConfig } from "../users/profile-routes.ts";
import { writeUpConfig } from "../users/profile-config.ts";

/**
 * PUT /admin/realms/{realm}/ui-ext: Keycloak console's realm save. The body is a realm representation that may
 * carry the user profile configuration as `upConfig`; both are checked before either is stored.
 */
export async function registerUiExtRealmUpdateRoute(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.put("/admin/realms/:realm/ui-ext", { schema: { body: RealmSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const { upConfig, ...rep } = (req.body ?? {}) as RealmRep & { upConfig?: unknown };
    const config = upConfig === undefined || upConfig === null ? undefined : parseUpConfig(upConfig);
    await updateRealm(server, ctx, rep);
    if (config) {
      const realm = server.db.get("realms", ctx.realm.id) ?? ctx.realm;
      await writeUpConfig(server, realm, config);
      await adminEvent(server, ctx, "UPDATE", "USER_PROFILE", "users/profile", config);
    }
    return reply.status(204).send();
  });
}
