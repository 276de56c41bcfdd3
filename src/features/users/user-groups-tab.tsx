import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Checkbox } from "@patternfly/react-core/dist/esm/components/Checkbox/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { GroupPickerDialog, type PickedGroup } from "../../core/ui/pickers/index.ts";
import { DataTable, type TableColumn } from "../../core/ui/table/index.ts";
import { countUserGroups, fetchUserGroups, inheritedPaths, joinGroups, leaveGroups } from "./membership-queries.ts";
import { useUserEvents } from "./user-events.tsx";
import type { UserTabProps } from "./user-settings-tab.tsx";
import "./messages.ts";

type MembershipRow = GroupRepresentation & { isInherited?: boolean };

/** Direct groups (with paths), optionally the groups inherited through them; join and leave. */
export function UserGroupsTab({ user, canManage }: UserTabProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const alerts = useAlerts();
  const events = useUserEvents();
  const { confirm, dialog } = useConfirm();
  const [isDirectOnly, setDirectOnly] = useState(true);
  const [isPicking, setPicking] = useState(false);
  const [reloads, setReloads] = useState(0);
  const canChange = canManage && access.hasAccess("query-groups");

  const loader = async (first: number, max: number, search: string): Promise<MembershipRow[]> => {
    const groups = await fetchUserGroups(adminClient, realm, user.id!, first, max, search);
    if (isDirectOnly) return groups;
    const inherited = inheritedPaths(groups.slice(0, max - 1)).map((path): MembershipRow => ({
      id: `inherited:${path}`,
      name: path.split("/").at(-1),
      path,
      isInherited: true,
    }));
    return [...groups.slice(0, max - 1), ...inherited, ...groups.slice(max - 1)];
  };

  const leave = async (groups: MembershipRow[], refresh: () => void) => {
    const direct = groups.filter((group) => !group.isInherited);
    if (direct.length === 0) return;
    if (
      !(await confirm({
        title: t("userGroupsLeaveConfirm", { count: direct.length }),
        children: t("userGroupsLeaveConfirmBody"),
        confirmLabel: t("leave"),
        variant: "destructive",
      }))
    )
      return;
    try {
      await leaveGroups(adminClient, realm, user.id!, direct);
      alerts.addAlert(t("removedGroupMembership"));
      events.updated(user.id!, user.username);
    } catch (error) {
      alerts.addError("removedGroupMembershipError", error);
    }
    refresh();
  };

  const join = async (groups: PickedGroup[]) => {
    setPicking(false);
    try {
      await joinGroups(adminClient, realm, user.id!, groups);
      alerts.addAlert(t("addedGroupMembership"));
      events.updated(user.id!, user.username);
    } catch (error) {
      alerts.addError("addedGroupMembershipError", error);
    }
    setReloads((count) => count + 1);
  };

  const columns: TableColumn<MembershipRow>[] = [
    { name: "name", title: t("groups"), cell: (group) => group.name ?? "" },
    {
      name: "path",
      title: t("path"),
      cell: (group) => (
        <>
          {group.path}
          {group.isInherited && (
            <>
              {" "}
              <Label isCompact>{t("inherent")}</Label>
            </>
          )}
        </>
      ),
    },
  ];

  return (
    <>
      <DataTable<MembershipRow>
        tableId="user-groups"
        ariaLabel={t("groupMembership")}
        columns={columns}
        rowKey={(group) => group.id!}
        loader={loader}
        countLoader={isDirectOnly ? (search) => countUserGroups(adminClient, realm, user.id!, search) : undefined}
        refreshKey={`${isDirectOnly}-${reloads}`}
        canSelect={canChange}
        rowActions={
          canChange
            ? [
                {
                  title: t("leave"),
                  onAction: (group, refresh) => leave([group], refresh),
                  isDisabled: (group) => !!group.isInherited,
                },
              ]
            : undefined
        }
        emptyState={{
          title: t("noGroups"),
          message: t("noGroupsText"),
          primaryAction: canChange ? { title: t("joinGroup"), onClick: () => setPicking(true) } : undefined,
        }}
        toolbarActions={({ selected, refresh }) => (
          <>
            <ToolbarItem>
              <Checkbox
                id="kc-user-groups-direct"
                label={t("directMembership")}
                isChecked={isDirectOnly}
                onChange={(_event, checked) => setDirectOnly(checked)}
              />
            </ToolbarItem>
            {canChange && (
              <ToolbarItem>
                <Button onClick={() => setPicking(true)}>{t("joinGroup")}</Button>
              </ToolbarItem>
            )}
            {canChange && (
              <ToolbarItem>
                <Button
                  variant="secondary"
                  isDisabled={selected.every((group) => group.isInherited)}
                  onClick={() => leave(selected, refresh)}
                >
                  {t("leave")}
                </Button>
              </ToolbarItem>
            )}
          </>
        )}
      />
      {isPicking && (
        <GroupPickerDialog isMulti title={t("joinGroup")} onClose={() => setPicking(false)} onSelect={join} />
      )}
      {dialog}
    </>
  );
}
