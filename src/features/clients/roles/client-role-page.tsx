import { useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { RoutableTabs, ViewHeader } from "../../../core/ui/page/index.ts";
import { AssociatedRolesTable, RoleDescription, roleByIdKey } from "../../../core/ui/role-composites/index.ts";
import { ClientRoleAttributesTab } from "./client-role-attributes-tab.tsx";
import { ClientRoleDetailsTab } from "./client-role-details-tab.tsx";
import { fetchRoleById } from "./client-role-queries.ts";
import { ClientRoleUsersTab } from "./client-role-users-tab.tsx";
import { toClient } from "../paths.ts";
import { useDeleteClientRole } from "./use-delete-client-role.tsx";
import "./client-role-messages.ts";

/** `clients/:clientId/roles/:id/:tab`: a client role's details, attributes, associated roles and users. */
export default function ClientRolePage() {
  const { t } = useMessages();
  const { clientId: clientUuid = "", id: roleId = "" } = useParams();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const access = useAccess();
  const canManage = access.hasAccess("manage-clients");
  const { remove, dialog } = useDeleteClientRole();
  const role = useQuery({
    queryKey: roleByIdKey(realm, roleId),
    queryFn: () => fetchRoleById(adminClient, realm, roleId),
  });

  if (role.isPending) return <LoadingSpinner />;
  if (role.error || !role.data) {
    return (
      <PageSection>
        <Alert
          variant={role.error ? "danger" : "warning"}
          isInline
          title={role.error ? errorMessage(role.error) : t("clientRoleNotFound")}
        />
      </PageSection>
    );
  }
  const current = role.data;
  const deleteRole = async () => {
    if (await remove(current)) navigate(toClient(realm, clientUuid, "roles"));
  };

  return (
    <>
      <ViewHeader
        title={current.name ?? ""}
        subtitle={current.description ? <RoleDescription text={current.description} /> : undefined}
        actions={canManage ? [{ title: t("delete"), isDanger: true, onClick: () => void deleteRole() }] : undefined}
      />
      <PageSection>
        <RoutableTabs
          hasSpacedContent
          aria-label={t("clientRoleTabs")}
          tabs={[
            {
              key: "details",
              title: t("details"),
              content: <ClientRoleDetailsTab key={current.description} role={current} canManage={canManage} />,
            },
            {
              key: "attributes",
              title: t("attributes"),
              content: <ClientRoleAttributesTab role={current} canManage={canManage} />,
            },
            {
              key: "associated-roles",
              title: t("associatedRolesText"),
              content: <AssociatedRolesTable roleId={roleId} roleName={current.name ?? ""} canManage={canManage} />,
            },
            {
              key: "users-in-role",
              title: t("usersInRole"),
              isHidden: !access.hasSomeAccess("query-users", "view-users"),
              content: <ClientRoleUsersTab clientUuid={clientUuid} roleName={current.name ?? ""} />,
            },
          ]}
        />
      </PageSection>
      {dialog}
    </>
  );
}
