import { Link } from "react-router";
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from "@patternfly/react-core/dist/esm/components/DescriptionList/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { toNewResource, toResourceDetails } from "../../paths.ts";
import {
  deleteResource,
  fetchResourcePermissions,
  fetchResourceScopes,
  fetchResourcesPage,
  type ResourceRepresentation,
} from "../../../../core/ui/authorization/authorization-queries.ts";
import { AuthorizationItemsTab } from "../authorization-items-tab.tsx";
import "../authorization-messages.ts";

/** Resources, paged and searched on the server; a row expands to its type, URIs, scopes and permissions. */
export function ResourcesTab({ clientUuid }: { clientUuid: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();

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
    <AuthorizationItemsTab<ResourceRepresentation>
      clientUuid={clientUuid}
      tableId="authz-resources"
      ariaLabel={t("resources")}
      loader={(first, max, search) => fetchResourcesPage(adminClient, realm, clientUuid, first, max, search)}
      idOf={(resource) => resource._id ?? ""}
      searchPlaceholder={t("authzSearchResources")}
      loadDetail={detail}
      permissionType="resource"
      create={{ to: toNewResource(realm, clientUuid), label: t("createResource") }}
      empty={{ title: t("emptyResources"), message: t("authzNoResourcesText") }}
      remove={{
        title: t("deleteResource"),
        intro: t("deleteResourceConfirm"),
        dependents: (id) => fetchResourcePermissions(adminClient, realm, clientUuid, id),
        run: (id) => deleteResource(adminClient, realm, clientUuid, id),
        done: t("resourceDeletedSuccess"),
      }}
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
    />
  );
}
