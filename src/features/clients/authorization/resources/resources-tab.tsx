import { Link, useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from "@patternfly/react-core/dist/esm/components/DescriptionList/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../../core/ui/dialogs/use-confirm.tsx";
import { DataTable, type TableRowAction } from "../../../../core/ui/table/index.ts";
import { toNewPermission, toNewResource, toResourceDetails } from "../../paths.ts";
import {
  deleteResource,
  fetchResourcePermissions,
  fetchResourceScopes,
  fetchResourcesPage,
  type ResourceRepresentation,
} from "../../../../core/ui/authorization/authorization-queries.ts";
import { useCanManageAuthorization } from "../client-authorization-tab.tsx";
import "../authorization-messages.ts";

/** Resources, paged and searched on the server; a row expands to its type, URIs, scopes and permissions. */
export function ResourcesTab({ clientUuid }: { clientUuid: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useCanManageAuthorization();
  const create = () => navigate(toNewResource(realm, clientUuid));

  const remove = async (resource: ResourceRepresentation, refresh: () => void) => {
    const permissions = await fetchResourcePermissions(adminClient, realm, clientUuid, resource._id ?? "");
    const confirmed = await confirm({
      title: t("deleteResource"),
      children: (
        <>
          <p>{t("deleteResourceConfirm")}</p>
          <p>
            {permissions.length
              ? t("authzDependentsList", { names: permissions.map((p) => p.name).join(", ") })
              : t("authzNoDependents")}
          </p>
        </>
      ),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!confirmed) return;
    try {
      await deleteResource(adminClient, realm, clientUuid, resource._id ?? "");
      addAlert(t("resourceDeletedSuccess"));
      refresh();
    } catch (error) {
      addError("authzDeleteError", error);
    }
  };
  const rowActions: TableRowAction<ResourceRepresentation>[] | undefined = canManage
    ? [
        {
          title: t("createPermission"),
          onAction: (resource) => navigate(toNewPermission(realm, clientUuid, "resource", resource._id)),
        },
        { title: t("delete"), isDanger: true, onAction: remove },
      ]
    : undefined;

  const detail = async (resource: ResourceRepresentation) => {
    const id = resource._id ?? "";
    const [scopes, permissions] = await Promise.all([
      fetchResourceScopes(adminClient, realm, clientUuid, id),
      fetchResourcePermissions(adminClient, realm, clientUuid, id),
    ]);
    const none = t("none");
    return (
      <DescriptionList isHorizontal isCompact>
        <DescriptionListGroup>
          <DescriptionListTerm>{t("type")}</DescriptionListTerm>
          <DescriptionListDescription>{resource.type || none}</DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>{t("uris")}</DescriptionListTerm>
          <DescriptionListDescription>{resource.uris?.join(", ") || none}</DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>{t("authorizationScopes")}</DescriptionListTerm>
          <DescriptionListDescription>{scopes.map((s) => s.name).join(", ") || none}</DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>{t("permissions")}</DescriptionListTerm>
          <DescriptionListDescription>{permissions.map((p) => p.name).join(", ") || none}</DescriptionListDescription>
        </DescriptionListGroup>
      </DescriptionList>
    );
  };

  return (
    <>
      <DataTable<ResourceRepresentation>
        tableId="authz-resources"
        ariaLabel={t("resources")}
        loader={(first, max, search) => fetchResourcesPage(adminClient, realm, clientUuid, first, max, search)}
        rowKey={(resource) => resource._id ?? ""}
        isSearchable
        searchPlaceholder={t("authzSearchResources")}
        loadDetail={detail}
        columns={[
          {
            name: "name",
            title: t("name"),
            cell: (resource) => (
              <Link
                className="pf-v6-c-button pf-m-link pf-m-inline"
                to={toResourceDetails(realm, clientUuid, resource._id ?? "")}
              >
                {resource.name}
              </Link>
            ),
          },
          { name: "displayName", title: t("displayName"), cell: (resource) => resource.displayName ?? "" },
          { name: "type", title: t("type"), cell: (resource) => resource.type ?? "" },
          { name: "owner", title: t("owner"), cell: (resource) => resource.owner?.name ?? "" },
        ]}
        rowActions={rowActions}
        emptyState={{
          title: t("emptyResources"),
          message: t("authzNoResourcesText"),
          primaryAction: canManage ? { title: t("createResource"), onClick: create } : undefined,
        }}
        toolbarActions={() =>
          canManage && (
            <ToolbarItem>
              <Button onClick={create}>{t("createResource")}</Button>
            </ToolbarItem>
          )
        }
      />
      {dialog}
    </>
  );
}
