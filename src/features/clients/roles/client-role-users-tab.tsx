import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { DataTable } from "../../../core/ui/table/index.ts";
import { fetchClientRoleUsersPage } from "./client-role-queries.ts";
import "./client-role-messages.ts";

/** Users who hold the client role directly, paged on the server. */
export function ClientRoleUsersTab({ clientUuid, roleName }: { clientUuid: string; roleName: string }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  return (
    <DataTable<UserRepresentation>
      tableId="client-role-users"
      ariaLabel={t("usersInRole")}
      loader={(first, max) => fetchClientRoleUsersPage(adminClient, realm, clientUuid, roleName, first, max)}
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
