import type { AdminRequestContext } from "../../access/admin-context.ts";
import type { Query } from "../common/query.ts";
import { parseUserFilter, type UserFilter } from "./search.ts";

/** The list query's filter limited to the users the caller may view; undefined when none is visible. */
export function visibleUsersFilter(ctx: AdminRequestContext, query: Query): UserFilter | undefined {
  const reach = ctx.usersReach("view");
  if (reach === "none") return undefined;
  const filter = parseUserFilter(query);
  return reach === "all" ? filter : { ...filter, visible: reach };
}
