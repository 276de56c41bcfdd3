import { useState } from "react";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Checkbox } from "@patternfly/react-core/dist/esm/components/Checkbox/index.js";
import { Stack } from "@patternfly/react-core/dist/esm/layouts/Stack/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { DataTable, type TableColumn } from "../../core/ui/table/index.ts";
import { AddMembersDialog } from "./add-members-dialog.tsx";
import { useGroupEvents } from "./group-events.tsx";
import { addMembers, fetchDirectMembers, fetchMembersWithSubGroups, removeMembers, type MemberRow } from "./queries.ts";
import { groupMay } from "./group-access.ts";
import "./messages.ts";

/** A group's members, paged on the server; optionally with the members of every sub-group. */
export function GroupMembersTab({ group }: { group: GroupRepresentation }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const { addAlert, addError } = useAlerts();
  const emit = useGroupEvents();
  // Adding and removing members needs manage-membership on the group (and on each user, which the server checks).
  const canManage = groupMay(useAccess(), group, "manageMembership");
  const [includeSubGroups, setIncludeSubGroups] = useState(false);
  const [isAdding, setAdding] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const groupId = group.id ?? "";

  const loader = (first: number, max: number) =>
    includeSubGroups
      ? fetchMembersWithSubGroups(adminClient, realm, groupId, first, max)
      : fetchDirectMembers(adminClient, realm, groupId, first, max);

  const add = async (userIds: string[]) => {
    try {
      await addMembers(adminClient, realm, groupId, userIds);
      emit("group-updated", { id: groupId, addedMembers: userIds });
      addAlert(t("usersAdded", { count: userIds.length }));
      setRefreshKey((key) => key + 1);
    } catch (error) {
      addError("usersAddedError", error);
      throw error;
    }
  };
  const remove = async (rows: MemberRow[], refresh: () => void) => {
    const userIds = rows.filter((row) => !row.viaPath).map((row) => row.user.id ?? "");
    try {
      await removeMembers(adminClient, realm, groupId, userIds);
      emit("group-updated", { id: groupId, removedMembers: userIds });
      addAlert(t("usersLeft", { count: userIds.length }));
    } catch (error) {
      addError("usersLeftError", error);
    }
    refresh();
  };

  const columns: TableColumn<MemberRow>[] = [
    { name: "username", title: t("username"), cell: (row) => row.user.username ?? "" },
    { name: "email", title: t("email"), cell: (row) => row.user.email ?? "" },
    { name: "firstName", title: t("firstName"), cell: (row) => row.user.firstName ?? "" },
    { name: "lastName", title: t("lastName"), cell: (row) => row.user.lastName ?? "" },
    ...(includeSubGroups
      ? [
          {
            name: "membership",
            title: t("membership"),
            cell: (row: MemberRow) => row.viaPath ?? t("memberDirect"),
          },
        ]
      : []),
  ];

  return (
    <Stack hasGutter>
      <Checkbox
        id="kc-include-sub-group-users"
        label={t("includeSubGroups")}
        isChecked={includeSubGroups}
        onChange={(_event, checked) => setIncludeSubGroups(checked)}
      />
      <DataTable<MemberRow>
        key={String(includeSubGroups)}
        tableId="group-members"
        ariaLabel={t("members")}
        loader={loader}
        columns={columns}
        rowKey={(row) => row.user.id ?? ""}
        canSelect={canManage}
        refreshKey={refreshKey}
        rowActions={
          canManage
            ? [
                {
                  title: t("leave"),
                  isDisabled: (row) => !!row.viaPath,
                  onAction: (row, refresh) => remove([row], refresh),
                },
              ]
            : undefined
        }
        emptyState={{
          title: t("emptyMembers"),
          message: t("membersEmptyBody"),
          primaryAction: canManage ? { title: t("addMember"), onClick: () => setAdding(true) } : undefined,
        }}
        toolbarActions={({ selected, refresh }) =>
          canManage && (
            <>
              <ToolbarItem>
                <Button onClick={() => setAdding(true)}>{t("addMember")}</Button>
              </ToolbarItem>
              <ToolbarItem>
                <Button
                  variant="secondary"
                  isDisabled={selected.filter((row) => !row.viaPath).length === 0}
                  onClick={() => void remove(selected, refresh)}
                >
                  {t("leave")}
                </Button>
              </ToolbarItem>
            </>
          )
        }
      />
      {isAdding && (
        <AddMembersDialog groupName={group.name ?? ""} realm={realm} onAdd={add} onClose={() => setAdding(false)} />
      )}
    </Stack>
  );
}
