import type { Db } from "../../store/db.ts";
import type { GroupRecord } from "../../store/types.ts";
import { ExportNames } from "../../realm/export-names.ts";
import type { Json } from "../../realm/representation.ts";

/** Child groups by parent id, for one realm. */
export function childrenIndex(db: Db, realmId: string): Map<string | null, GroupRecord[]> {
  const index = new Map<string | null, GroupRecord[]>();
  for (const g of db.iterate("groups", realmId)) {
    const list = index.get(g.parentId);
    if (list) list.push(g);
    else index.set(g.parentId, [g]);
  }
  return index;
}

/** GroupRepresentation; `full` adds attributes and role mappings, `deep` the whole subtree. */
export function groupRepresentation(
  db: Db,
  names: ExportNames,
  children: Map<string | null, GroupRecord[]>,
  group: GroupRecord,
  full: boolean,
  deep: boolean,
): Json {
  const kids = children.get(group.id) ?? [];
  const rep: Json = {
    id: group.id,
    name: group.name,
    ...(group.description !== undefined ? { description: group.description } : {}),
    path: names.groupPath(group.id),
    ...(group.parentId ? { parentId: group.parentId } : {}),
    subGroupCount: kids.length,
    subGroups: deep ? kids.map((k) => groupRepresentation(db, names, children, k, full, deep)) : [],
  };
  if (full) {
    const roles = names.roles(group.roleIds);
    rep.attributes = { ...group.attributes };
    rep.realmRoles = roles.realm;
    rep.clientRoles = roles.client;
  }
  return rep;
}
