import { useQuery } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { fetchUserSessions, linkKeys, signOutAll, signOutSession } from "./link-queries.ts";
import { SimpleList } from "./simple-list.tsx";
import { useUserMutation } from "./use-user-mutation.ts";
import type { UserTabProps } from "./user-settings-tab.tsx";
import "./messages.ts";

const formatDate = (time?: number) => (time ? new Date(time).toLocaleString() : "");

/** The user's sessions; sign out one, or all of them. */
export function UserSessionsTab({ user, canManage }: UserTabProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const mutate = useUserMutation(user);
  const { confirm, dialog } = useConfirm();
  const key = linkKeys.sessions(realm, user.id!);
  const sessions = useQuery({ queryKey: key, queryFn: () => fetchUserSessions(adminClient, realm, user.id!) });
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
      queryKey: key,
    });
  };
  return (
    <>
      {canManage && (sessions.data?.length ?? 0) > 0 && (
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <Button variant="secondary" isDanger onClick={signOutEverywhere}>
                {t("signOutAllActiveSessions")}
              </Button>
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      )}
      <SimpleList
        query={sessions}
        ariaLabel={t("sessions")}
        rowKey={(session) => session.id ?? ""}
        empty={{ title: t("noSessions"), message: t("noSessionsForUser") }}
        columns={[
          {
            title: t("type"),
            cell: (session) => (session.type === "offline" ? t("sessionsOffline") : t("sessionsRegular")),
          },
          { title: t("ipAddress"), cell: (session) => session.ipAddress },
          { title: t("started"), cell: (session) => formatDate(session.start) },
          { title: t("lastAccess"), cell: (session) => formatDate(session.lastAccess) },
          { title: t("clients"), cell: (session) => Object.values(session.clients ?? {}).join(", ") },
        ]}
        actions={
          canManage
            ? (session) => (
                <Button
                  variant="link"
                  aria-label={`${t("signOut")} ${session.ipAddress ?? ""} ${formatDate(session.start)}`}
                  onClick={() =>
                    mutate(() => signOutSession(adminClient, realm, session.id!), {
                      success: "sessionsSignedOut",
                      failure: "logoutAllSessionsError",
                      queryKey: key,
                    })
                  }
                >
                  {t("signOut")}
                </Button>
              )
            : undefined
        }
      />
      {dialog}
    </>
  );
}
