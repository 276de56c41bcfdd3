import { groupPath } from "../../admin/common/group-path.ts";
import type { Condition, PolicyContext } from "../types.ts";
import { configList } from "../types.ts";

/** A configured group: a full path when it starts with "/", else the name of a top-level group. */
function groupIdOf(ctx: PolicyContext, name: string): string | undefined {
  const groups = ctx.server.db.list("groups", ctx.realm.id);
  const found = name.startsWith("/")
    ? groups.find((group) => groupPath(ctx.server.db, group) === name)
    : groups.find((group) => !group.parentId && group.name === name);
  return found?.id;
}

/** The administrator registering or updating the client is a direct member of one of `groups`. */
export const clientUpdaterSourceGroups: Condition = (ctx, config) => {
  if (ctx.event !== "REGISTER" && ctx.event !== "UPDATE") return "ABSTAIN";
  const user = ctx.updater?.user;
  const wanted = configList(config, "groups");
  if (!user || !wanted) return "NO";
  const ids = new Set(wanted.map((name) => groupIdOf(ctx, name)).filter((id) => id !== undefined));
  return user.groupIds.some((id) => ids.has(id)) ? "YES" : "NO";
};
