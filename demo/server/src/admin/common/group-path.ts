import type { Db } from "../../store/db.ts";
import type { GroupRecord } from "../../store/types.ts";

/**
 * `/parent/child`, as Keycloak's GroupRepresentation.path. Keycloak 26 leaves a
 * `/` inside a name as it is (escaping as `~/` is off unless the group provider's
 * escapeSlashesInGroupPath option is set).
 */
export function groupPath(db: Db, group: GroupRecord): string {
  const names: string[] = [];
  let current: GroupRecord | undefined = group;
  while (current && names.length < 1000) {
    names.unshift(current.name);
    current = current.parentId ? db.get("groups", current.parentId) : undefined;
  }
  return "/" + names.join("/");
}

function childByName(db: Db, realmId: string, parentId: string | null, name: string): GroupRecord | undefined {
  for (const group of db.iterate("groups", realmId))
    if (group.parentId === parentId && group.name === name) return group;
  return undefined;
}

/** Keycloak's findGroupByPath: segments are joined back with `/` until they name a group, so names containing `/` are found. */
export function findGroupByPath(db: Db, realmId: string, path: string): GroupRecord | undefined {
  const trimmed = path.replace(/^\//, "").replace(/\/$/, "");
  if (!trimmed) return undefined;
  const segments = trimmed.split("/");
  const walk = (parentId: string | null, index: number): GroupRecord | undefined => {
    let name = "";
    for (let i = index; i < segments.length; i++) {
      name += segments[i];
      const group = childByName(db, realmId, parentId, name);
      if (group) return i < segments.length - 1 ? walk(group.id, i + 1) : group;
      name += "/";
    }
    return undefined;
  };
  return walk(null, 0);
}
