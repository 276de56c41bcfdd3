import { useState } from "react";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { Tab, Tabs, TabTitleText } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { TabPanel } from "../../core/ui/page/tab-panel.tsx";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { LeaveGuardScope, useConfirmLeave } from "../../core/ui/form/index.ts";
import { GroupAttributesTab } from "./group-attributes-tab.tsx";
import { GroupMembersTab } from "./group-members-tab.tsx";
import { GroupRoleMappingTab } from "./group-role-mapping-tab.tsx";
import { GroupTable } from "./group-table.tsx";
import { groupMay } from "./group-access.ts";
import "./messages.ts";

type GroupTab = "children" | "members" | "attributes" | "roleMapping";

/** One group's tabs: child groups, members, attributes, role mapping; leaving unsaved attributes asks first. */
export function GroupDetail(props: { group: GroupRepresentation; pathIds: string[] }) {
  return (
    <LeaveGuardScope>
      <GroupTabs {...props} />
    </LeaveGuardScope>
  );
}

function GroupTabs({ group, pathIds }: { group: GroupRepresentation; pathIds: string[] }) {
  const { t } = useMessages();
  const confirmLeave = useConfirmLeave();
  const access = useAccess();
  const [tab, setTab] = useState<GroupTab>("children");
  const canSeeMembers = groupMay(access, group, "viewMembers");
  const canSeeRoles = groupMay(access, group, "view");
  return (
    <Tabs
      activeKey={tab}
      onSelect={(_event, key) => confirmLeave(() => setTab(key as GroupTab))}
      aria-label={group.name}
      mountOnEnter
      unmountOnExit
    >
      <Tab eventKey="children" title={<TabTitleText>{t("childGroups")}</TabTitleText>}>
        <TabPanel>
          <GroupTable parentIds={pathIds} parent={group} />
        </TabPanel>
      </Tab>
      {canSeeMembers && (
        <Tab eventKey="members" title={<TabTitleText>{t("members")}</TabTitleText>}>
          <TabPanel>
            <GroupMembersTab group={group} />
          </TabPanel>
        </Tab>
      )}
      <Tab eventKey="attributes" title={<TabTitleText>{t("attributes")}</TabTitleText>}>
        <TabPanel>
          <GroupAttributesTab group={group} />
        </TabPanel>
      </Tab>
      {canSeeRoles && (
        <Tab eventKey="roleMapping" title={<TabTitleText>{t("roleMapping")}</TabTitleText>}>
          <TabPanel>
            <GroupRoleMappingTab group={group} />
          </TabPanel>
        </Tab>
      )}
    </Tabs>
  );
}
