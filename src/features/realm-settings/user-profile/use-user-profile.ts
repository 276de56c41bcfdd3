import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserProfileConfig } from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { profileMetadataQueryKey } from "../../../core/ui/user-profile/index.ts";
import { fetchUserProfile, saveUserProfile, userProfileKey } from "../queries.ts";

/** The realm's user profile configuration, and a save that refreshes it (and the users area's metadata). */
export function useUserProfile() {
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: userProfileKey(realm), queryFn: () => fetchUserProfile(adminClient, realm) });
  const save = async (config: UserProfileConfig) => {
    await saveUserProfile(adminClient, realm, config);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: userProfileKey(realm) }),
      queryClient.invalidateQueries({ queryKey: profileMetadataQueryKey(realm) }),
    ]);
  };
  return { realm, query, save };
}
