import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { DataTable, type TableColumn } from "../../core/ui/table/index.ts";
import { fetchRealmRolesPage, type RoleRow } from "./queries.ts";
import { toCreateRole, toDefaultRoles, toRole } from "./routes.ts";
import { useDeleteRole } from "./use-delete-role.tsx";
import { RoleLink } from "./role-link.tsx";
import { RoleDescription } from "../../core/ui/role-composites/index.ts";
import "./messages.ts";

/** `/roles`: the realm's roles, searched and paged on the server. */
export default function RolesListPage() {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const canManage = useAccess().hasAccess("manage-realm");
  const [refreshKey, setRefreshKey] = useState(0);
  const { remove, dialog } = useDeleteRole();
  const defaultRoleName = `default-roles-${realm.toLowerCase()}`;

  const columns: TableColumn<RoleRow>[] = [
    {
      name: "name",
      title: t("roleName"),
      cell: (row) => (
        <RoleLink to={row.name === defaultRoleName ? toDefaultRoles(realm) : toRole(realm, row.id)}>
          {row.name}
        </RoleLink>
      ),
    },
    {
      name: "composite",
      title: t("composite"),
      cell: (row) => (row.composite ? t("roleCompositeYes") : t("roleCompositeNo")),
    },
    { name: "description", title: t("description"), cell: (row) => <RoleDescription text={row.description} /> },
  ];

  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("realmRoles")}</Title>
        <Content component="p">{t("roleExplain")}</Content>
      </PageSection>
      <PageSection>
        <DataTable<RoleRow>
          tableId="realm-roles"
          ariaLabel={t("realmRoles")}
          loader={(first, max, search) => fetchRealmRolesPage(adminClient, realm, first, max, search)}
          columns={columns}
          rowKey={(row) => row.id}
          isSearchable
          searchPlaceholder={t("searchForRoles")}
          refreshKey={refreshKey}
          rowActions={
            canManage
              ? [
                  {
                    title: t("delete"),
                    isDanger: true,
                    isDisabled: (row) => row.name === defaultRoleName,
                    onAction: async (row) => {
                      if (await remove(row)) setRefreshKey((key) => key + 1);
                    },
                  },
                ]
              : undefined
          }
          emptyState={{
            title: t("noRealmRoles"),
            message: t("emptyStateText"),
            primaryAction: canManage
              ? { title: t("createRole"), onClick: () => navigate(toCreateRole(realm)) }
              : undefined,
          }}
          toolbarActions={() => (
            <>
              {canManage && (
                <ToolbarItem>
                  <Button onClick={() => navigate(toCreateRole(realm))}>{t("createRole")}</Button>
                </ToolbarItem>
              )}
              <ToolbarItem>
                <Button variant="secondary" onClick={() => navigate(toDefaultRoles(realm))}>
                  {t("defaultRoles")}
                </Button>
              </ToolbarItem>
            </>
          )}
        />
      </PageSection>
      {dialog}
    </>
  );
}
