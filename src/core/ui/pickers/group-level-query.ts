import { useQuery } from "@tanstack/react-query";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { childPath, flattenSearchMatches, type PickedGroup } from "./group-paths.ts";
import { GROUP_PICKER_PAGE_SIZE } from "./picker-constants.ts";

export interface GroupRow extends PickedGroup {
  subGroupCount?: number;
}

export interface GroupPage {
  rows: GroupRow[];
  hasNext: boolean;
}

/**
 * One page of the group picker: a level of the tree (top level or a group's children), or a
 * search across the hierarchy. Asks for one row more than the page to know about a next page.
 */
export function useGroupPage(realm: string, trail: { id: string; name: string }[], first: number, search: string) {
  const adminClient = useAdminClient();
  const parent = trail.at(-1);
  const max = GROUP_PICKER_PAGE_SIZE + 1;
  return useQuery({
    queryKey: ["picker-groups", realm, search ? `search:${search}` : (parent?.id ?? "top"), first],
    queryFn: async (): Promise<GroupPage> => {
      if (search) {
        const roots = await adminClient.groups.find({ realm, search, first, max, briefRepresentation: true });
        const rows = flattenSearchMatches(roots, search);
        return {
          rows: rows.slice(0, GROUP_PICKER_PAGE_SIZE),
          hasNext: roots.length === max || rows.length > GROUP_PICKER_PAGE_SIZE,
        };
      }
      const groups = parent
        ? await adminClient.groups.listSubGroups({ realm, parentId: parent.id, first, max, briefRepresentation: true })
        : await adminClient.groups.find({ realm, first, max, briefRepresentation: true });
      const rows = groups.slice(0, GROUP_PICKER_PAGE_SIZE).map((group) => ({
        id: group.id ?? "",
        name: group.name ?? "",
        path: group.path ?? childPath(trail, group.name ?? ""),
        subGroupCount: group.subGroupCount,
      }));
      return { rows, hasNext: groups.length === max };
    },
  });
}
