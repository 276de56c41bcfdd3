import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";

/** A group as the group picker hands it back. */
export interface PickedGroup {
  id: string;
  name: string;
  path: string;
}

/** The path of a child of the groups in `trail` (root first). */
export const childPath = (trail: { name: string }[], name: string) =>
  `/${[...trail.map((group) => group.name), name].join("/")}`;

/**
 * The groups of a hierarchical search answer (matches with their ancestors) whose name contains
 * `search`, each with its full path, in the order of the tree.
 */
export function flattenSearchMatches(
  roots: GroupRepresentation[],
  search: string,
): (PickedGroup & { subGroupCount?: number })[] {
  const needle = search.toLowerCase();
  const matches: (PickedGroup & { subGroupCount?: number })[] = [];
  const visit = (groups: GroupRepresentation[], parentPath: string) => {
    for (const group of groups) {
      const path = `${parentPath}/${group.name ?? ""}`;
      if ((group.name ?? "").toLowerCase().includes(needle))
        matches.push({
          id: group.id ?? "",
          name: group.name ?? "",
          path: group.path ?? path,
          subGroupCount: group.subGroupCount,
        });
      visit(group.subGroups ?? [], path);
    }
  };
  visit(roots, "");
  return matches;
}
