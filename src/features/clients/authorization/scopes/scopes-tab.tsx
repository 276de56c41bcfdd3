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
import { toAuthorizationScope, toNewAuthorizationScope } from "../../paths.ts";
import {
  deleteScope,
  fetchScopeAssociations,
  fetchScopesPage,
  type ScopeRepresentation,
} from "../../../../core/ui/authorization/authorization-queries.ts";
import { AuthorizationItemsTab } from "../authorization-items-tab.tsx";
import "../authorization-messages.ts";

/** Rows read when a scope expands: one page of its resources and one of its permissions, never all of them. */
const DETAIL_PAGE = 10;

/** Authorization scopes, paged and searched on the server; a row expands to a page of its resources and permissions. */
export function AuthorizationScopesTab({ clientUuid }: { clientUuid: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();

  const detail = async (scope: ScopeRepresentation) => {
    const [resources, permissions] = await Promise.all([
      fetchScopeAssociations(adminClient, realm, clientUuid, scope.id ?? "", DETAIL_PAGE + 1, "resources"),
      fetchScopeAssociations(adminClient, realm, clientUuid, scope.id ?? "", DETAIL_PAGE + 1, "permissions"),
    ]);
    const names = (items: { name?: string }[]) =>
      items.length === 0
        ? t("none")
        : `${items
            .slice(0, DETAIL_PAGE)
            .map((item) => item.name)
            .join(", ")}${items.length > DETAIL_PAGE ? ` … ${t("authzMoreThan", { count: DETAIL_PAGE })}` : ""}`;
    return (
      <DescriptionList isHorizontal isCompact>
        <DescriptionListGroup>
          <DescriptionListTerm>{t("resources")}</DescriptionListTerm>
          <DescriptionListDescription>{names(resources)}</DescriptionListDescription>
        </DescriptionListGroup>
        <DescriptionListGroup>
          <DescriptionListTerm>{t("permissions")}</DescriptionListTerm>
          <DescriptionListDescription>{names(permissions)}</DescriptionListDescription>
        </DescriptionListGroup>
      </DescriptionList>
    );
  };

  return (
    <AuthorizationItemsTab<ScopeRepresentation>
      clientUuid={clientUuid}
      tableId="authz-scopes"
      ariaLabel={t("scopes")}
      loader={(first, max, search) => fetchScopesPage(adminClient, realm, clientUuid, first, max, search)}
      idOf={(scope) => scope.id ?? ""}
      searchPlaceholder={t("searchByName")}
      loadDetail={detail}
      permissionType="scope"
      create={{ to: toNewAuthorizationScope(realm, clientUuid), label: t("createAuthorizationScope") }}
      empty={{ title: t("emptyAuthorizationScopes"), message: t("authzNoScopesText") }}
      remove={{
        title: t("deleteScope"),
        dependents: (id) => fetchScopeAssociations(adminClient, realm, clientUuid, id, DETAIL_PAGE + 1, "permissions"),
        run: (id) => deleteScope(adminClient, realm, clientUuid, id),
        done: t("resourceScopeSuccess"),
      }}
      columns={[
        {
          name: "name",
          title: t("name"),
          cell: (scope) => (
            <Link
              className="pf-v6-c-button pf-m-link pf-m-inline"
              to={toAuthorizationScope(realm, clientUuid, scope.id ?? "")}
            >
              {scope.name}
            </Link>
          ),
        },
        { name: "displayName", title: t("displayName"), cell: (scope) => scope.displayName ?? "" },
      ]}
    />
  );
}
