import { userEffectiveRoleIds } from "../../access/roles.ts";
import type { RoleRecord } from "../../store/types.ts";
import type { Condition, PolicyContext } from "../types.ts";
import { configList } from "../types.ts";

/** A role named as Keycloak names it in configuration: `role` for a realm role, `clientId.role` for a client role. */
function roleNamed(ctx: PolicyContext, name: string): RoleRecord | undefined {
  const roles = [...ctx.server.db.iterate("roles", ctx.realm.id)];
  const realmRole = roles.find((role) => role.clientId === undefined && role.name === name);
  if (realmRole) return realmRole;
  for (let dot = name.indexOf("."); dot > 0; dot = name.indexOf(".", dot + 1)) {
    const client = ctx.server.db.list("clients", ctx.realm.id).find((c) => c.clientId === name.slice(0, dot));
    const role = client && roles.find((r) => r.clientId === client.id && r.name === name.slice(dot + 1));
    if (role) return role;
  }
  return undefined;
}

/** The administrator registering or updating the client holds one of `roles` (in the client's realm). */
export const clientUpdaterSourceRoles: Condition = (ctx, config) => {
  if (ctx.event !== "REGISTER" && ctx.event !== "UPDATE") return "ABSTAIN";
  const user = ctx.updater?.user;
  const wanted = configList(config, "roles");
  if (!user || !wanted) return "NO";
  const held = userEffectiveRoleIds(ctx.server.db, user);
  return wanted.some((name) => {
    const role = roleNamed(ctx, name);
    return role !== undefined && held.has(role.id);
  })
    ? "YES"
    : "NO";
};
