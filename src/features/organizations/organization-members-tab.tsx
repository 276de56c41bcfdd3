import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { DataTable, type TableColumn } from "../../core/ui/table/index.ts";
import { AddMembersDialog } from "./add-members-dialog.tsx";
import { InviteMemberDialog } from "./invite-member-dialog.tsx";
import { fetchMemberPage, membersKey, removeMembers, type OrganizationMember } from "./member-queries.ts";
import type { Organization } from "./organization-queries.ts";
import { membershipTypeText } from "./organization-table.tsx";
import "./messages.ts";

/** Members of the organization, paged on the server: add realm users, invite by email, remove. */
export function OrganizationMembersTab({ organization }: { organization: Organization }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const [dialog, setDialog] = useState<"add" | "invite">();
  const [reloads, setReloads] = useState(0);
  const orgId = organization.id ?? "";

  const remove = async (members: OrganizationMember[], refresh: () => void) => {
    try {
      await removeMembers(
        adminClient,
        realm,
        orgId,
        members.map((member) => member.id ?? ""),
      );
      addAlert(t("organizationUsersLeft", { count: members.length }));
    } catch (error) {
      addError("organizationUsersLeftError", error);
    }
    await queryClient.invalidateQueries({ queryKey: membersKey(realm, orgId) });
    refresh();
  };
  const closed = (changed: boolean) => {
    setDialog(undefined);
    if (changed) setReloads((count) => count + 1);
  };

  const columns: TableColumn<OrganizationMember>[] = [
    { name: "username", title: t("username"), width: 25 },
    { name: "email", title: t("email"), width: 25 },
    {
      name: "name",
      title: t("name"),
      cell: (member) => [member.firstName, member.lastName].filter(Boolean).join(" "),
    },
    {
      name: "membershipType",
      title: t("membershipType"),
      cell: (member) => membershipTypeText(member.membershipType, t),
    },
  ];
  const addButtons = (
    <>
      <ToolbarItem>
        <Button onClick={() => setDialog("add")}>{t("addMember")}</Button>
      </ToolbarItem>
      <ToolbarItem>
        <Button variant="secondary" onClick={() => setDialog("invite")}>
          {t("inviteMember")}
        </Button>
      </ToolbarItem>
    </>
  );

  return (
    <>
      <DataTable<OrganizationMember>
        tableId="organization-members"
        ariaLabel={t("members")}
        loader={(first, max, search) => fetchMemberPage(adminClient, realm, orgId, first, max, search)}
        columns={columns}
        rowKey={(member) => member.id ?? ""}
        canSelect
        refreshKey={reloads}
        searchPlaceholder={t("searchMember")}
        rowActions={[{ title: t("remove"), isDanger: true, onAction: (member, refresh) => remove([member], refresh) }]}
        toolbarActions={({ selected, refresh }) => (
          <>
            {addButtons}
            <ToolbarItem>
              <Button variant="link" isDisabled={selected.length === 0} onClick={() => void remove(selected, refresh)}>
                {t("orgRemoveMembers")}
              </Button>
            </ToolbarItem>
          </>
        )}
        emptyState={{
          title: t("emptyMembers"),
          message: t("emptyMembersInstructions"),
          primaryAction: { title: t("addMember"), onClick: () => setDialog("add") },
        }}
      />
      {dialog === "add" && <AddMembersDialog orgId={orgId} onClose={closed} />}
      {dialog === "invite" && <InviteMemberDialog orgId={orgId} onClose={closed} />}
    </>
  );
}
