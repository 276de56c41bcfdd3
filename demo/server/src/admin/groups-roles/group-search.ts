import type { Db } from "../../store/db.ts";
import type { GroupRecord } from "../../store/types.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import {
  toGroupRepresentation,
  type GroupRepresentation,
  type GroupRepresentationOptions,
} from "./group-representation.ts";
import { byName, containsIgnoreCase } from "./name-matching.ts";

/** Groups anywhere in the realm whose name matches, sorted by name (Keycloak's searchForGroupByNameStream). */
export function groupsByName(db: Db, realmId: string, search: string, exact: boolean): GroupRecord[] {
  const found: GroupRecord[] = [];
  for (const group of db.iterate("groups", realmId)) {
    if (exact ? group.name === search : containsIgnoreCase(group.name, search)) found.push(group);
  }
  return found.sort(byName);
}

/** Groups holding every attribute value given (values compared case-insensitively), sorted by name. */
export function groupsByAttributes(db: Db, realmId: string, attributes: Map<string, string>): GroupRecord[] {
  const found: GroupRecord[] = [];
  for (const group of db.iterate("groups", realmId)) {
    let matches = true;
    for (const [key, value] of attributes) {
      const values = Object.hasOwn(group.attributes, key) ? group.attributes[key]! : [];
      if (!values.some((v) => v.toLowerCase() === value.toLowerCase())) {
        matches = false;
        break;
      }
    }
    if (matches) found.push(group);
  }
  return found.sort(byName);
}

/**
 * Turns matched groups into top-level trees: each match appears under its
 * ancestors, and `subGroups` holds only the branches leading to matches.
 */
export function toGroupHierarchy(
  db: Db,
  ctx: AdminRequestContext,
  matches: GroupRecord[],
  options: GroupRepresentationOptions,
): GroupRepresentation[] {
  const nodes = new Map<string, GroupRepresentation>();
  const roots: GroupRepresentation[] = [];
  const nodeFor = (group: GroupRecord): { node: GroupRepresentation; isNew: boolean } => {
    const existing = nodes.get(group.id);
    if (existing) return { node: existing, isNew: false };
    const node = toGroupRepresentation(db, ctx, group, options);
    nodes.set(group.id, node);
    return { node, isNew: true };
  };
  for (const match of matches) {
    let { node, isNew } = nodeFor(match);
    let group: GroupRecord = match;
    while (isNew) {
      const parent = group.parentId ? db.get("groups", group.parentId) : undefined;
      if (!parent) {
        roots.push(node);
        break;
      }
      const parentNode = nodeFor(parent);
      parentNode.node.subGroups.push(node);
      ({ node, isNew } = parentNode);
      group = parent;
    }
  }
  const sortTree = (list: GroupRepresentation[]) => {
    list.sort(byName);
    for (const node of list) sortTree(node.subGroups);
  };
  sortTree(roots);
  return roots;
}
