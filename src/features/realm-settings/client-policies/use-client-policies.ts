import { useQuery, useQueryClient } from "@tanstack/react-query";
import type ClientProfileRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientProfileRepresentation.js";
import type ClientPolicyRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientPolicyRepresentation.js";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";

export type Profile = ClientProfileRepresentation;
export type Policy = ClientPolicyRepresentation;

const profilesKey = (realm: string) => ["realm-settings", realm, "client-profiles"] as const;
const policiesKey = (realm: string) => ["realm-settings", realm, "client-policies"] as const;

/** The realm's client profiles (global ones alongside, read-only) and a save of the realm's own. */
export function useClientProfiles() {
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: profilesKey(realm),
    queryFn: () => adminClient.clientPolicies.listProfiles({ realm, includeGlobalProfiles: true }),
  });
  const save = async (profiles: Profile[]) => {
    await adminClient.clientPolicies.createProfiles({ realm, profiles });
    await queryClient.invalidateQueries({ queryKey: profilesKey(realm) });
  };
  return { realm, query, save };
}

/** The realm's client policies and their save. */
export function useClientPolicies() {
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: policiesKey(realm),
    queryFn: () => adminClient.clientPolicies.listPolicies({ realm }),
  });
  const save = async (policies: Policy[]) => {
    await adminClient.clientPolicies.updatePolicy({ realm, policies });
    await queryClient.invalidateQueries({ queryKey: policiesKey(realm) });
  };
  return { realm, query, save };
}
