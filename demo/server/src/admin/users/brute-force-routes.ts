import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { bruteForceStatus } from "../../access/brute-force.ts";
import { readUpConfig } from "./profile-config.ts";
import { listedUser } from "./representation.ts";
import { visibleUsersFilter } from "./visible-users.ts";
import { DEFAULT_MAX_USERS, findUsers, withProxiedUsers } from "./user-list.ts";
import { boolParam, intParam, paramsOf, queryOf, stringParam } from "../common/query.ts";
import { searchDirectory } from "../../federation/user-hooks.ts";
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
    const first = intParam(query, "first") ?? -1;
    const max = intParam(query, "max") ?? DEFAULT_MAX_USERS;
    const proxied = await searchDirectory(
      server,
      ctx.realm,
      stringParam(query, "search") ?? stringParam(query, "username") ?? stringParam(query, "email"),
      Math.max(first, 0) + max,
    );
    const users = withProxiedUsers(
      server,
      ctx.realm,
      findUsers(server, ctx.realm, filter, first, max),
      proxied,
      filter,
      first,
      max,
    );
    return users.map((user) => ({
      ...listedUser(ctx, user, config, brief),
      bruteForceStatus: bruteForceStatus(server, ctx.realm, user.id),
    }));
  });
}
