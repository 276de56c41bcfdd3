import type { ServerContext } from "../../context.ts";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { searchDirectory } from "../../federation/user-hooks.ts";
import type { Query } from "../common/query.ts";
import { intParam, stringParam } from "../common/query.ts";
import type { UserFilter } from "./search.ts";
import { DEFAULT_MAX_USERS, findUsers, withProxiedUsers } from "./user-list.ts";

/** One page of a user list query (`first`, `max`, search terms): the realm's users, then its directories' matches. */
export async function findUserPage(
  server: ServerContext,
  realm: RealmRecord,
  filter: UserFilter,
  query: Query,
): Promise<UserRecord[]> {
  const first = intParam(query, "first") ?? -1;
  const max = intParam(query, "max") ?? DEFAULT_MAX_USERS;
  const proxied = await searchDirectory(
    server,
    realm,
    stringParam(query, "search") ?? stringParam(query, "username") ?? stringParam(query, "email"),
    Math.max(first, 0) + max,
  );
  return withProxiedUsers(server, realm, findUsers(server, realm, filter, first, max), proxied, filter, first, max);
}
