import { useNavigate, useParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { isFeatureEnabled } from "../../core/api/server-info.ts";
import { useRealmRepresentation } from "../../core/runtime/realm-scope.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { errorMessage, responseStatus } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { RoutableTabs, ViewHeader, type ViewHeaderAction } from "../../core/ui/page/index.ts";
import { RoleMapping } from "../../core/ui/role-mapping/index.ts";
import { toUsers } from "./paths.ts";
import { UserAttributesTab } from "./user-attributes-tab.tsx";
import { UserConsentsTab } from "./user-consents-tab.tsx";
import { UserCredentialsTab } from "./user-credentials-tab.tsx";
import { useUserEvents } from "./user-events.tsx";
import { UserGroupsTab } from "./user-groups-tab.tsx";
import { UserIdentityLinksTab } from "./user-identity-links-tab.tsx";
import { UserOrganizationsTab } from "./user-organizations-tab.tsx";
import { deleteUser, fetchUser, impersonateUser, sendVerifyEmail, updateUser, userKeys } from "./user-queries.ts";
import { UserSessionsTab } from "./user-sessions-tab.tsx";
import { UserSettingsTab } from "./user-settings-tab.tsx";
import "./messages.ts";
import "./users-tables.css";

/** `/:realm/users/:id/:tab`: the header (enabled switch, impersonate, delete) and the user's tabs. */
export default function UserPage() {
  const { t } = useMessages();
  const { id = "" } = useParams();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const alerts = useAlerts();
  const events = useUserEvents();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const user = useQuery({ queryKey: userKeys.one(realm, id), queryFn: () => fetchUser(adminClient, realm, id) });
  const serverInfo = useServerInfo();
  const realmRepresentation = useRealmRepresentation();
  const organizationsEnabled =
    isFeatureEnabled(serverInfo, "ORGANIZATION") && realmRepresentation?.organizationsEnabled === true;
  // The user's `access` is the server's own answer for this admin and this user (legacy roles and admin
  // permissions v2 alike); the token's roles are only the fallback for a server that leaves it out.
  const userAccess = user.data?.access;
  const canManage = userAccess ? userAccess.manage === true : access.hasAccess("manage-users");

  if (user.isPending) return <LoadingSpinner />;
  if (user.error || !user.data) {
    return (
      <PageSection>
        <p role="alert">
          {responseStatus(user.error) === 404 || !user.data
            ? t("userNotFound")
            : t("userLoadFailed", { message: errorMessage(user.error) })}
        </p>
      </PageSection>
    );
  }
  const current = user.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all(realm) });

  const save = async (changes: UserRepresentation) => {
    await updateUser(adminClient, realm, id, { ...current, ...changes });
    events.updated(id, changes.username ?? current.username);
    await refresh();
  };

  const setEnabled = async (enabled: boolean) => {
    try {
      await save({ enabled });
      alerts.addAlert(t("userSaved"));
    } catch (error) {
      alerts.addError("userNotSaved", error);
    }
  };

  const remove = async () => {
    const confirmed = await confirm({
      title: t("deleteConfirmUsers", { count: 1, name: current.username }),
      children: t("deleteConfirmCurrentUser"),
      variant: "destructive",
    });
    if (!confirmed) return;
    try {
      await deleteUser(adminClient, realm, id);
      alerts.addAlert(t("userDeletedSuccess"));
      events.deleted(id, current.username);
      queryClient.removeQueries({ queryKey: userKeys.one(realm, id) });
      navigate(toUsers(realm));
    } catch (error) {
      alerts.addError("userDeletedError", error);
    }
  };

  const impersonate = async () => {
    try {
      const { redirect } = await impersonateUser(adminClient, realm, id);
      if (redirect) window.open(redirect, "_blank", "noopener");
    } catch (error) {
      alerts.addError("impersonateError", error);
    }
  };

  const mailVerification = async () => {
    try {
      await sendVerifyEmail(adminClient, realm, id);
      alerts.addAlert(t("sendVerifyEmailSuccess", { email: current.email }));
    } catch (error) {
      alerts.addError("sendVerifyEmailError", error);
    }
  };

  const actions: ViewHeaderAction[] = [];
  if (current.access?.impersonate === true) actions.push({ title: t("impersonate"), onClick: impersonate });
  if (canManage && current.email && current.emailVerified !== true && current.enabled !== false)
    actions.push({ title: t("sendVerifyEmail"), onClick: mailVerification });
  if (canManage) actions.push({ title: t("deleteUser"), onClick: remove, isDanger: true });
  // The user's own sub-resources (roles, groups, consents, links, sessions) need view-users; credentials need manage-users.
  const canViewRoles = userAccess ? userAccess.view === true : access.hasSomeAccess("view-users", "manage-users");
  const canMapRoles = userAccess ? userAccess.mapRoles === true : canManage;
  const canManageGroups = userAccess ? userAccess.manageGroupMembership === true : canManage;

  return (
    <>
      <ViewHeader
        title={current.username ?? ""}
        badges={current.enabled === false ? [{ text: t("disabled"), color: "red" }] : undefined}
        enabled={
          canManage ? { isEnabled: current.enabled !== false, onChange: setEnabled, disableConfirm: {} } : undefined
        }
        actions={actions.length > 0 ? actions : undefined}
      />
      <PageSection>
        <RoutableTabs
          aria-label={t("userTabs")}
          tabs={[
            {
              key: "settings",
              title: t("details"),
              content: (
                <div className="kc-user-tab">
                  <UserSettingsTab user={current} canManage={canManage} onSave={save} />
                </div>
              ),
            },
            {
              key: "attributes",
              title: t("attributes"),
              content: (
                <div className="kc-user-tab">
                  <UserAttributesTab user={current} canManage={canManage} onSave={save} />
                </div>
              ),
            },
            {
              key: "credentials",
              title: t("credentials"),
              content: (
                <div className="kc-user-tab">
                  <UserCredentialsTab user={current} canManage={canManage} />
                </div>
              ),
              isHidden: !canManage,
            },
            {
              key: "role-mapping",
              title: t("roleMapping"),
              content: (
                <div className="kc-user-tab">
                  <RoleMapping
                    type="users"
                    id={id}
                    realm={realm}
                    isManager={canMapRoles}
                    onChanged={() => events.updated(id, current.username)}
                  />
                </div>
              ),
              isHidden: !canViewRoles,
            },
            {
              key: "groups",
              title: t("groups"),
              content: (
                <div className="kc-user-tab">
                  <UserGroupsTab user={current} canManage={canManageGroups} />
                </div>
              ),
              isHidden: !canViewRoles,
            },
            {
              key: "organizations",
              title: t("organizations"),
              content: (
                <div className="kc-user-tab">
                  <UserOrganizationsTab user={current} />
                </div>
              ),
              isHidden: !canViewRoles || !organizationsEnabled,
            },
            {
              key: "consents",
              title: t("consents"),
              content: (
                <div className="kc-user-tab">
                  <UserConsentsTab user={current} canManage={canManage} />
                </div>
              ),
              isHidden: !canViewRoles,
            },
            {
              key: "identity-provider-links",
              title: t("identityProviderLinks"),
              content: (
                <div className="kc-user-tab">
                  <UserIdentityLinksTab user={current} canManage={canManage} />
                </div>
              ),
              isHidden: !canViewRoles,
            },
            {
              key: "sessions",
              title: t("sessions"),
              content: (
                <div className="kc-user-tab">
                  <UserSessionsTab user={current} canManage={canManage} />
                </div>
              ),
              isHidden: !canViewRoles,
            },
          ]}
        />
      </PageSection>
      {dialog}
    </>
  );
}
