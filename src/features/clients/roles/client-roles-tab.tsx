import { Link, useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { RoleDescription } from "../../../core/ui/role-composites/index.ts";
import { DataTable, type TableRowAction } from "../../../core/ui/table/index.ts";
import { fetchClientRolesPage } from "./client-role-queries.ts";
import { toClientRole, toCreateClientRole } from "../paths.ts";
import { useDeleteClientRole } from "./use-delete-client-role.tsx";
import "./client-role-messages.ts";

/** The client's roles, paged and searched on the server; create and delete with manage rights. */
export function ClientRolesTab({ clientUuid, canManage }: { clientUuid: string; canManage: boolean }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const { remove, dialog } = useDeleteClientRole();
  const create = () => navigate(toCreateClientRole(realm, clientUuid));
  const rowActions: TableRowAction<RoleRepresentation>[] | undefined = canManage
    ? [
        {
          title: t("delete"),
          isDanger: true,
          onAction: async (role, refresh) => {
            if (await remove(role)) refresh();
          },
        },
      ]
    : undefined;
  return (
    <>
      <DataTable<RoleRepresentation>
        tableId="client-roles"
        ariaLabel={t("clientRoles")}
        loader={(first, max, search) => fetchClientRolesPage(adminClient, realm, clientUuid, first, max, search)}
        rowKey={(role) => role.id ?? ""}
        isSearchable
        searchPlaceholder={t("searchForRoles")}
        columns={[
          {
            name: "name",
            title: t("roleName"),
            cell: (role) => <Link to={toClientRole(realm, clientUuid, role.id ?? "")}>{role.name}</Link>,
          },
          {
            name: "composite",
            title: t("composite"),
            cell: (role) => (role.composite ? t("roleCompositeYes") : t("roleCompositeNo")),
          },
          { name: "description", title: t("description"), cell: (role) => <RoleDescription text={role.description} /> },
        ]}
        rowActions={rowActions}
        emptyState={{
          title: t("noRoles-client"),
          message: t("noRolesInstructions-client"),
          primaryAction: canManage ? { title: t("createRole"), onClick: create } : undefined,
        }}
        toolbarActions={() =>
          canManage && (
            <ToolbarItem>
              <Button onClick={create}>{t("createRole")}</Button>
            </ToolbarItem>
          )
        }
      />
      {dialog}
    </>
  );
}
