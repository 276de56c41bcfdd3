import { useQueries } from "@tanstack/react-query";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { fetchGroup, groupKey } from "./queries.ts";

export interface GroupPath {
  groups: (GroupRepresentation | null | undefined)[];
  isPending: boolean;
  error: unknown;
}

/** The groups named by the ids of the address, top level first (each cached by id). */
export function useGroupPath(pathIds: string[]): GroupPath {
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const results = useQueries({
    queries: pathIds.map((id) => ({
      queryKey: groupKey(realm, id),
      queryFn: () => fetchGroup(adminClient, realm, id),
    })),
  });
  return {
    groups: results.map((result) => result.data),
    isPending: results.some((result) => result.isPending),
    error: results.find((result) => result.error)?.error,
  };
}
