import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { registerUserProfileRoutes } from "./profile-routes.ts";
import { registerUserCrudRoutes } from "./user-routes.ts";
import { registerCredentialRoutes } from "./credential-routes.ts";
import { registerUserGroupRoutes } from "./group-routes.ts";
import { registerUserSessionRoutes } from "./session-routes.ts";
import { registerUserLinkRoutes } from "./link-routes.ts";
import { registerUserActionRoutes } from "./action-routes.ts";
import { registerBruteForceUserRoutes } from "./brute-force-routes.ts";
import { realmByName } from "../../realm/lookup.ts";
import { refreshDirectoryUser } from "../../federation/user-hooks.ts";
import { isProxiedUserId } from "../../federation/proxied-users.ts";

/**
 * A directory user is read from its directory before any request on that user: the whole user when served without
 * import, its READ_ONLY / LDAP_ONLY memberships otherwise.
 */
function refreshDirectoryUsers(app: FastifyInstance, server: ServerContext): void {
  app.addHook("preHandler", async (req) => {
    const { realm, id } = (req.params ?? {}) as { realm?: string; id?: string };
    if (!realm || !id) return;
    if (!isProxiedUserId(id) && !server.db.get("users", id)?.federationLink) return;
    if (!req.routeOptions.url?.startsWith("/admin/realms/:realm/users/:id")) return;
    const record = realmByName(server.db, realm);
    if (record) await refreshDirectoryUser(server, record, id);
  });
}

/** Users (users helper): /admin/realms/{realm}/users/** and ui-ext/brute-force-user. */
export async function registerUserRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  refreshDirectoryUsers(app, server);
  await registerUserProfileRoutes(app, server);
  await registerUserCrudRoutes(app, server);
  await registerCredentialRoutes(app, server);
  await registerUserGroupRoutes(app, server);
  await registerUserSessionRoutes(app, server);
  await registerUserLinkRoutes(app, server);
  await registerUserActionRoutes(app, server);
  await registerBruteForceUserRoutes(app, server);
}
