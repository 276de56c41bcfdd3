import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { bruteForceStatus } from "../../access/brute-force.ts";
import { readUpConfig } from "./profile-config.ts";
import { federatedAttributesOf, listedUser } from "./representation.ts";
import { visibleUsersFilter } from "./visible-users.ts";
import { findUserPage } from "./user-page.ts";
import { boolParam, paramsOf, queryOf } from "../common/query.ts";
import { UserListQuery } from "./schemas.ts";

/** The admin console's user list: GET /users plus each user's brute force status. */
export async function registerBruteForceUserRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get("/admin/realms/:realm/ui-ext/brute-force-user", { schema: { querystring: UserListQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("query-users");
    const query = queryOf(req);
    const filter = visibleUsersFilter(ctx, query);
    if (!filter) return [];
    const config = readUpConfig(server, ctx.realm);
    const brief = boolParam(query, "briefRepresentation") ?? false;
    // The console's list searches the realm's directories too, as the plain user list does.
    const users = await findUserPage(server, ctx.realm, filter, query);
    return users.map((user) => ({
      ...listedUser(ctx, user, config, brief, federatedAttributesOf(server, user, config)),
      bruteForceStatus: bruteForceStatus(server, ctx.realm, user.id),
    }));
  });
}
