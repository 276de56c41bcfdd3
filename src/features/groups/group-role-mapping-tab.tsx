import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { RoleMapping } from "../../core/ui/role-mapping/index.ts";
import { useGroupEvents } from "./group-events.tsx";
import { groupMay } from "./group-access.ts";

/** The roles a group gives its members (the kit's role-mapping tab); a change announces `kc-group-updated`. */
export function GroupRoleMappingTab({ group }: { group: GroupRepresentation }) {
  const realm = useCurrentRealm();
  const emit = useGroupEvents();
  const canManage = groupMay(useAccess(), group, "manage");
  return (
    <RoleMapping
      type="groups"
      id={group.id ?? ""}
      realm={realm}
      isManager={canManage}
      onChanged={() => emit("group-updated", { id: group.id })}
    />
  );
}
