import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Flex, FlexItem } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Tab, Tabs, TabTitleText } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { TabPanel } from "../../core/ui/page/tab-panel.tsx";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { fetchRole, roleKey } from "./queries.ts";
import { RoleActionsMenu } from "./role-actions-menu.tsx";
import { RoleAttributesTab } from "./role-attributes-tab.tsx";
import { AssociatedRolesTable, RoleDescription } from "../../core/ui/role-composites/index.ts";
import { useRoleEvents } from "./role-events.tsx";
import { RoleDetailsTab } from "./role-details-tab.tsx";
import { ROLE_TABS, toRole, toRoles, type RoleTab } from "./routes.ts";
import { UsersInRoleTab } from "./users-in-role-tab.tsx";
import { useDeleteRole } from "./use-delete-role.tsx";
import "./messages.ts";

/** `/roles/{id}/{tab}`: details, associated roles (composite roles), attributes, users in role. */
export default function RolePage() {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const access = useAccess();
  const { id = "", tab: tabParam } = useParams();
  const role = useQuery({ queryKey: roleKey(realm, id), queryFn: () => fetchRole(adminClient, realm, id) });
  const [isAdding, setAdding] = useState(false);
  const { remove, dialog } = useDeleteRole();
  const emit = useRoleEvents();
  const canManage = access.hasAccess("manage-realm");
  const tab: RoleTab = (ROLE_TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as RoleTab) : "details";
  const showAssociated = !!role.data?.composite || isAdding;
  const activeTab = tab === "associated-roles" && !showAssociated ? "details" : tab;
  const canSeeUsers = access.hasSomeAccess("query-users", "view-users");

  if (role.isPending) return <LoadingSpinner />;
  if (role.error || !role.data) {
    return (
      <PageSection>
        <Alert
          variant={role.error ? "danger" : "warning"}
          isInline
          title={role.error ? errorMessage(role.error) : t("roleNotFound")}
        />
      </PageSection>
    );
  }
  const current = role.data;
  const addAssociated = () => {
    setAdding(true);
    navigate(toRole(realm, id, "associated-roles"));
  };
  return (
    <>
      <PageSection>
        <Flex justifyContent={{ default: "justifyContentSpaceBetween" }} alignItems={{ default: "alignItemsCenter" }}>
          <FlexItem>
            <Title headingLevel="h1">{current.name}</Title>
            {current.description && (
              <Content component="p">
                <RoleDescription text={current.description} />
              </Content>
            )}
          </FlexItem>
          {canManage && (
            <FlexItem>
              <RoleActionsMenu
                onAddAssociated={addAssociated}
                onDelete={() => void remove(current).then((deleted) => deleted && navigate(toRoles(realm)))}
              />
            </FlexItem>
          )}
        </Flex>
      </PageSection>
      <PageSection>
        <Tabs
          activeKey={activeTab}
          onSelect={(_event, key) => navigate(toRole(realm, id, key as RoleTab))}
          aria-label={current.name}
          mountOnEnter
          unmountOnExit
        >
          <Tab eventKey="details" title={<TabTitleText>{t("details")}</TabTitleText>}>
            <TabPanel>
              <RoleDetailsTab key={current.description} role={current} />
            </TabPanel>
          </Tab>
          {showAssociated && (
            <Tab eventKey="associated-roles" title={<TabTitleText>{t("associatedRolesText")}</TabTitleText>}>
              <TabPanel>
                <AssociatedRolesTable
                  roleId={id}
                  roleName={current.name ?? ""}
                  canManage={canManage}
                  onChanged={(roleId) => emit("role-updated", { id: roleId })}
                  startAdding={isAdding}
                  onAddingDone={() => setAdding(false)}
                />
              </TabPanel>
            </Tab>
          )}
          <Tab eventKey="attributes" title={<TabTitleText>{t("attributes")}</TabTitleText>}>
            <TabPanel>
              <RoleAttributesTab role={current} />
            </TabPanel>
          </Tab>
          {canSeeUsers && (
            <Tab eventKey="users-in-role" title={<TabTitleText>{t("usersInRole")}</TabTitleText>}>
              <TabPanel>
                <UsersInRoleTab role={current} />
              </TabPanel>
            </Tab>
          )}
        </Tabs>
      </PageSection>
      {dialog}
    </>
  );
}
