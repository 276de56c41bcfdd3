import { useOptionalCurrentRealm } from "../../runtime/current-realm.tsx";
import { useAdminClient } from "../../runtime/runtime-context.tsx";

/** The realm a picker searches: the one given, else the realm the screen manages, else the admin client's. */
export function usePickerRealm(realm?: string): string {
  const current = useOptionalCurrentRealm();
  const adminClient = useAdminClient();
  return realm ?? current ?? adminClient.realmName;
}
