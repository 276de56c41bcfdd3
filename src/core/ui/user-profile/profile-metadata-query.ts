import { useQuery } from "@tanstack/react-query";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import type { UserProfileMetadata } from "./profile-types.ts";

export const profileMetadataQueryKey = (realm: string) => ["user-profile-metadata", realm] as const;

/** The realm's user-profile metadata (GET /admin/realms/{realm}/users/profile/metadata). */
export function useProfileMetadataQuery(realm: string) {
  const adminClient = useAdminClient();
  return useQuery({
    queryKey: profileMetadataQueryKey(realm),
    queryFn: () => adminClient.users.getProfileMetadata({ realm }) as Promise<UserProfileMetadata>,
  });
}
