import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import type UserSessionRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userSessionRepresentation.js";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { TableEmptyState } from "../../../core/ui/table/index.ts";
import type { ClientTabProps } from "./client-tab-props.ts";
import "./client-tab-messages.ts";

interface ClientSession extends UserSessionRepresentation {
  isOffline: boolean;
}

const formatDate = (time?: number) => (time ? new Date(time).toLocaleString() : "");

/** The client's regular and offline user sessions; signing out one needs manage-users on the realm's sessions. */
export function ClientSessionsTab({ client, canManage }: Omit<ClientTabProps, "onSave">) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const key = ["clients", realm, "client", client.id, "sessions"];
  const sessions = useQuery({
    queryKey: key,
    queryFn: async (): Promise<ClientSession[]> => {
      const [regular, offline] = await Promise.all([
        adminClient.clients.listSessions({ realm, id: client.id! }),
        adminClient.clients.listOfflineSessions({ realm, id: client.id! }),
      ]);
      return [
        ...regular.map((session) => ({ ...session, isOffline: false })),
        ...offline.map((session) => ({ ...session, isOffline: true })),
      ];
    },
  });

  const signOut = async (session: ClientSession) => {
    try {
      await adminClient.realms.deleteSession({ realm, session: session.id!, isOffline: session.isOffline });
      await queryClient.invalidateQueries({ queryKey: key });
      alerts.addAlert(t("clientsSessionsSignedOut"));
    } catch (error) {
      alerts.addError("clientsSessionsSignOutError", error);
    }
  };

  if (sessions.isPending) return <LoadingSpinner />;
  if (sessions.error)
    return <p role="alert">{t("clientsSessionsLoadError", { error: errorMessage(sessions.error) })}</p>;
  if (sessions.data.length === 0) {
    return <TableEmptyState title={t("noSessions")} message={t("noSessionsForClient")} />;
  }
  return (
    <Table aria-label={t("sessions")} variant="compact">
      <Thead>
        <Tr>
          <Th>{t("user")}</Th>
          <Th>{t("type")}</Th>
          <Th>{t("ipAddress")}</Th>
          <Th>{t("started")}</Th>
          <Th>{t("lastAccess")}</Th>
          {canManage && <Th screenReaderText={t("signOut")} />}
        </Tr>
      </Thead>
      <Tbody>
        {sessions.data.map((session) => (
          <Tr key={`${session.isOffline}-${session.id}`}>
            <Td dataLabel={t("user")}>{session.username}</Td>
            <Td dataLabel={t("type")}>
              {session.isOffline ? t("sessionsType.offline") : t("sessionsType.regularSSO")}
            </Td>
            <Td dataLabel={t("ipAddress")}>{session.ipAddress}</Td>
            <Td dataLabel={t("started")}>{formatDate(session.start)}</Td>
            <Td dataLabel={t("lastAccess")}>{formatDate(session.lastAccess)}</Td>
            {canManage && (
              <Td isActionCell>
                <Button
                  variant="link"
                  aria-label={`${t("signOut")} ${session.username ?? ""} ${formatDate(session.start)}`}
                  onClick={() => void signOut(session)}
                >
                  {t("signOut")}
                </Button>
              </Td>
            )}
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
