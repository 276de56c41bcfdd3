import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { DataTable } from "../../core/ui/table/index.ts";
import { fetchUsersInRolePage } from "./queries.ts";
import "./messages.ts";

/** Users holding the role directly, paged on the server. */
export function UsersInRoleTab({ role }: { role: RoleRepresentation }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  return (
    <DataTable<UserRepresentation>
      tableId="users-in-role"
      ariaLabel={t("usersInRole")}
      loader={(first, max) => fetchUsersInRolePage(adminClient, realm, role.name ?? "", first, max)}
      rowKey={(user) => user.id ?? ""}
      columns={[
        { name: "username", title: t("username") },
        { name: "email", title: t("email") },
        { name: "firstName", title: t("firstName") },
        { name: "lastName", title: t("lastName") },
      ]}
      emptyState={{ title: t("noDirectUsers"), message: t("whoWillAppearPopoverTextRoles") }}
    />
  );
}
