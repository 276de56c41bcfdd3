import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Checkbox } from "@patternfly/react-core/dist/esm/components/Checkbox/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { DataTable, type TableColumn, type TableRowAction } from "../../core/ui/table/index.ts";
import { FederatedUserSearch } from "./federated-user-search.tsx";
import { toAddUser, toUser } from "./paths.ts";
import { UserStatus } from "./user-status.tsx";
import { useUserEvents } from "./user-events.tsx";
import { USERS_TABLE_ID } from "./users-prefetch.ts";
import {
  countUsers,
  deleteUser,
  fetchUserPage,
  hasUserFederation,
  unlockUser,
  userKeys,
  type ListedUser,
} from "./user-queries.ts";
import "./messages.ts";

/** `/:realm/users`: server search (text or `key:value`), exact match, total, status, unlock, delete, create. */
export default function UsersPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const alerts = useAlerts();
  const events = useUserEvents();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [exact, setExact] = useState(false);
  const [federatedSearch, setFederatedSearch] = useState("");
  const [reloads, setReloads] = useState(0);
  // Creating (and deleting in bulk) needs manage on every user: the role, or admin permissions v2 on all users.
  const canManage = access.hasAccess("manage-users") || access.grantedOnEvery("Users", "manage");
  // One user's row: the server's own answer for this admin and that user (`access`, as Keycloak lists it).
  const mayManage = (user: ListedUser) => (user.access ? user.access.manage === true : canManage);
  const withStatus = access.hasAccess("view-users");
  const federation = useQuery({
    queryKey: userKeys.federation(realm),
    queryFn: () => hasUserFederation(adminClient, realm, access.hasAccess("view-realm")),
  });
  const needsSearch = federation.data === true && !federatedSearch;

  const unlock = async (user: ListedUser, refresh: () => void) => {
    try {
      await unlockUser(adminClient, realm, user.id!);
      alerts.addAlert(t("unlockSuccess"));
      refresh();
    } catch (error) {
      alerts.addError("unlockError", error);
    }
  };

  const remove = async (users: ListedUser[], refresh: () => void) => {
    const isOne = users.length === 1;
    const confirmed = await confirm({
      title: isOne
        ? t("deleteConfirmUsers", { count: 1, name: users[0]!.username })
        : t("deleteConfirmUsers", { count: users.length }),
      children: t("deleteConfirmCurrentUser"),
      variant: "destructive",
    });
    if (!confirmed) return;
    let deleted = 0;
    for (const user of users) {
      try {
        await deleteUser(adminClient, realm, user.id!);
        deleted++;
        events.deleted(user.id!, user.username);
      } catch (error) {
        alerts.addError("userDeletedError", error);
      }
    }
    if (deleted > 0) alerts.addAlert(isOne ? t("userDeletedSuccess") : t("usersDeletedMany", { count: deleted }));
    await queryClient.invalidateQueries({ queryKey: userKeys.all(realm) });
    refresh();
  };

  const columns: TableColumn<ListedUser>[] = [
    {
      name: "username",
      title: t("username"),
      cell: (user) => <Link to={toUser(realm, user.id!)}>{user.username}</Link>,
    },
    { name: "email", title: t("email"), cell: (user) => user.email ?? "" },
    { name: "lastName", title: t("lastName"), cell: (user) => user.lastName ?? "" },
    { name: "firstName", title: t("firstName"), cell: (user) => user.firstName ?? "" },
    {
      name: "status",
      title: t("status"),
      cell: (user) => (
        <UserStatus
          user={user}
          onUnlock={mayManage(user) ? () => unlock(user, () => setReloads((count) => count + 1)) : undefined}
        />
      ),
    },
  ];

  const rowActions: TableRowAction<ListedUser>[] = [
    {
      title: t("unlock"),
      onAction: (user, refresh) => unlock(user, refresh),
      isDisabled: (user) => user.bruteForceStatus?.disabled !== true,
      isHidden: (user) => !mayManage(user),
    },
    {
      title: t("deleteUser"),
      onAction: (user, refresh) => remove([user], refresh),
      isDanger: true,
      isHidden: (user) => !mayManage(user),
    },
  ];

  const header = (
    <PageSection>
      <Title headingLevel="h1">{t("users")}</Title>
      <Content component="p">{t("usersExplain")}</Content>
    </PageSection>
  );

  if (federation.isPending) return header;
  if (needsSearch) {
    return (
      <>
        {header}
        <PageSection>
          <FederatedUserSearch
            onSearch={setFederatedSearch}
            canCreate={canManage}
            onCreate={() => navigate(toAddUser(realm))}
          />
        </PageSection>
      </>
    );
  }

  return (
    <>
      {header}
      <PageSection>
        <DataTable<ListedUser>
          tableId={USERS_TABLE_ID}
          prefetchKey={exact || federatedSearch ? undefined : userKeys.firstPage(realm)}
          ariaLabel={t("users")}
          columns={columns}
          rowKey={(user) => user.id!}
          refreshKey={`${exact}-${reloads}`}
          loader={(first, max, search) =>
            fetchUserPage(adminClient, realm, { text: search || federatedSearch, exact }, first, max, withStatus)
          }
          // Keycloak's count has no exact match: a total would disagree with the rows, so exact searches page without one.
          countLoader={
            exact ? undefined : (search) => countUsers(adminClient, realm, { text: search || federatedSearch, exact })
          }
          searchPlaceholder={t("searchForUser")}
          canSelect={canManage}
          rowActions={rowActions}
          emptyState={{
            title: t("noUsersFound"),
            message: t("emptyInstructions"),
            primaryAction: canManage
              ? { title: t("createUser"), onClick: () => navigate(toAddUser(realm)) }
              : undefined,
          }}
          toolbarActions={({ selected, refresh }) => (
            <>
              <ToolbarItem>
                <Checkbox
                  id="kc-users-exact"
                  label={t("exactSearch")}
                  isChecked={exact}
                  onChange={(_event, checked) => setExact(checked)}
                />
              </ToolbarItem>
              {canManage && (
                <ToolbarItem>
                  <Button variant="primary" onClick={() => navigate(toAddUser(realm))}>
                    {t("createUser")}
                  </Button>
                </ToolbarItem>
              )}
              {canManage && (
                <ToolbarItem>
                  <Button
                    variant="secondary"
                    isDanger
                    isDisabled={selected.length === 0}
                    onClick={() => remove(selected, refresh)}
                  >
                    {t("delete")}
                  </Button>
                </ToolbarItem>
              )}
            </>
          )}
        />
      </PageSection>
      {dialog}
    </>
  );
}
