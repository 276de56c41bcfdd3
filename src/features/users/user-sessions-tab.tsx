import { useCallback, useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { SessionsTable, type SessionRow } from "../../core/ui/sessions/index.ts";
import { fetchUserSessions, linkKeys, signOutAll } from "./link-queries.ts";
import { useUserMutation } from "./use-user-mutation.ts";
import type { UserTabProps } from "./user-settings-tab.tsx";
import "./messages.ts";

const matches = (session: SessionRow, search: string) =>
  !search ||
  (session.ipAddress ?? "").includes(search) ||
  Object.values(session.clients ?? {}).some((clientId) => clientId.toLowerCase().includes(search.toLowerCase()));

/** The user's sessions (the shared sessions table); sign out one, several, or all of them. */
export function UserSessionsTab({ user, canManage }: UserTabProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const mutate = useUserMutation(user);
  const { confirm, dialog } = useConfirm();
  const [reloads, setReloads] = useState(0);
  // A user has a handful of sessions: Keycloak lists them whole (users/{id}/sessions has no paging).
  const loader = useCallback(
    async (first: number, max: number, search: string) => {
      const sessions = await fetchUserSessions(adminClient, realm, user.id!);
      return sessions
        .map((session): SessionRow => ({ ...session, type: "REGULAR" }))
        .filter((session) => matches(session, search))
        .slice(first, first + max);
    },
    [adminClient, realm, user.id],
  );
  const signOutEverywhere = async () => {
    if (
      !(await confirm({
        title: t("signOutAllActiveSessionsQuestion"),
        confirmLabel: t("signOut"),
        variant: "destructive",
      }))
    )
      return;
    await mutate(() => signOutAll(adminClient, realm, user.id!), {
      success: "sessionsSignedOutAll",
      failure: "logoutAllSessionsError",
      queryKey: linkKeys.sessions(realm, user.id!),
    });
    setReloads((n) => n + 1);
  };
  return (
    <>
      {canManage && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button variant="secondary" isDanger onClick={() => void signOutEverywhere()}>
                {t("signOutAllActiveSessions")}
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      <SessionsTable
        tableId="user-sessions"
        loader={loader}
        canManage={canManage}
        hideUser
        hideType
        emptyMessage={t("noSessionsForUser")}
        refreshKey={reloads}
      />
      {dialog}
    </>
  );
}
