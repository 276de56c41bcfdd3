import type { Db } from "../../store/db.ts";
import type { Attributes, GroupRecord } from "../../store/types.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import { childCount } from "./group-index.ts";
import { groupPath } from "../common/group-path.ts";

export interface GroupRepresentation {
  id: string;
  name: string;
  description?: string;
  path: string;
  parentId?: string;
  subGroupCount?: number;
  subGroups: GroupRepresentation[];
  attributes?: Attributes;
  realmRoles?: string[];
  clientRoles?: Record<string, string[]>;
  access: Record<string, boolean>;
}

/** What the caller may do with one group (legacy roles, then admin permissions v2), as Keycloak's GroupRepresentation.access. */
export function groupAccess(ctx: AdminRequestContext, group: GroupRecord): Record<string, boolean> {
  return {
    view: ctx.mayGroup("view", group),
    viewMembers: ctx.mayGroup("view-members", group),
    manageMembers: ctx.mayGroup("manage-members", group),
    manage: ctx.mayGroup("manage", group),
    manageMembership: ctx.mayGroup("manage-membership", group),
  };
}

function roleNames(db: Db, group: GroupRecord): { realmRoles: string[]; clientRoles: Record<string, string[]> } {
  const realmRoles: string[] = [];
  const clientRoles: Record<string, string[]> = {};
  for (const roleId of group.roleIds) {
    const role = db.get("roles", roleId);
    if (!role) continue;
    if (role.clientId === undefined) {
      realmRoles.push(role.name);
      continue;
    }
    const client = db.get("clients", role.clientId);
    if (client) (clientRoles[client.clientId] ??= []).push(role.name);
  }
  return { realmRoles, clientRoles };
}

export interface GroupRepresentationOptions {
  full: boolean;
  subGroupCount: boolean;
}

export function toGroupRepresentation(
  db: Db,
  ctx: AdminRequestContext,
  group: GroupRecord,
  options: GroupRepresentationOptions,
): GroupRepresentation {
  const rep: GroupRepresentation = {
    id: group.id,
    name: group.name,
    path: groupPath(db, group),
    subGroups: [],
    access: groupAccess(ctx, group),
  };
  if (group.description !== undefined && group.description !== null) rep.description = group.description;
  if (group.parentId) rep.parentId = group.parentId;
  if (options.subGroupCount) rep.subGroupCount = childCount(db, group.realmId, group.id);
  if (options.full) {
    rep.attributes = group.attributes;
    Object.assign(rep, roleNames(db, group));
  }
  return rep;
}
