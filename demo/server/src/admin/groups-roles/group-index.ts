import type { Db } from "../../store/db.ts";
import type { GroupRecord } from "../../store/types.ts";

const TOP_LEVEL = "";

interface RealmGroupIndex {
  /** Group count when the index was built or last updated; a different count means someone else changed the table. */
  size: number;
  children: Map<string, Set<string>>;
}

const indexes = new WeakMap<Db, Map<string, RealmGroupIndex>>();

function realmIndexes(db: Db): Map<string, RealmGroupIndex> {
  let byRealm = indexes.get(db);
  if (!byRealm) indexes.set(db, (byRealm = new Map()));
  return byRealm;
}

function build(db: Db, realmId: string): RealmGroupIndex {
  const children = new Map<string, Set<string>>();
  for (const group of db.iterate("groups", realmId)) {
    const key = group.parentId ?? TOP_LEVEL;
    let set = children.get(key);
    if (!set) children.set(key, (set = new Set()));
    set.add(group.id);
  }
  const index = { size: db.count("groups", realmId), children };
  realmIndexes(db).set(realmId, index);
  return index;
}

function current(db: Db, realmId: string): RealmGroupIndex {
  const index = realmIndexes(db).get(realmId);
  if (index && index.size === db.count("groups", realmId)) return index;
  return build(db, realmId);
}

/**
 * Direct children of a group (or the top-level groups for null), unsorted.
 * Rebuilds the realm's parent→children index when it no longer matches the store.
 */
export function childGroups(db: Db, realmId: string, parentId: string | null): GroupRecord[] {
  const read = (index: RealmGroupIndex) => {
    const groups: GroupRecord[] = [];
    let stale = false;
    for (const id of index.children.get(parentId ?? TOP_LEVEL) ?? []) {
      const group = db.get("groups", id);
      if (!group || group.realmId !== realmId || group.parentId !== parentId) stale = true;
      else groups.push(group);
    }
    return { groups, stale };
  };
  const first = read(current(db, realmId));
  return first.stale ? read(build(db, realmId)).groups : first.groups;
}

export function childCount(db: Db, realmId: string, parentId: string | null): number {
  return current(db, realmId).children.get(parentId ?? TOP_LEVEL)?.size ?? 0;
}

/** Forget the realm's index after groups were written; the next read rebuilds it. */
export function invalidateGroupIndex(db: Db, realmId: string): void {
  realmIndexes(db).delete(realmId);
}

/** Keep the index in step with a group that was created or moved (call after the write). */
export function indexGroupPlacement(db: Db, group: GroupRecord, previousParentId: string | null | undefined): void {
  const index = realmIndexes(db).get(group.realmId);
  if (!index) return;
  if (previousParentId !== undefined) index.children.get(previousParentId ?? TOP_LEVEL)?.delete(group.id);
  const key = group.parentId ?? TOP_LEVEL;
  let set = index.children.get(key);
  if (!set) index.children.set(key, (set = new Set()));
  set.add(group.id);
  index.size = db.count("groups", group.realmId);
}
