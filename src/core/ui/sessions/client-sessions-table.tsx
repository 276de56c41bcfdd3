import { useCallback } from "react";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { adminFetch } from "../../api/admin-fetch.ts";
import { useMessages } from "../../i18n/use-messages.ts";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../runtime/current-realm.tsx";
import type { SessionRow, SessionType } from "./session-row.ts";
import { SessionsTable, type SessionsTableProps } from "./sessions-table.tsx";

interface ClientSessionsTableProps extends Pick<SessionsTableProps, "userHref" | "clientHref"> {
  client: ClientRepresentation;
  canManage: boolean;
}

/** A client's regular and offline sessions, paged on the server (Keycloak's ui-ext/sessions/client). */
export function ClientSessionsTable({ client, canManage, userHref, clientHref }: ClientSessionsTableProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const loader = useCallback(
    (first: number, max: number, search: string, type: SessionType) =>
      adminFetch<SessionRow[]>(adminClient, `/admin/realms/${encodeURIComponent(realm)}/ui-ext/sessions/client`, {
        clientId: client.id,
        type,
        search,
        first,
        max,
      }),
    [adminClient, realm, client.id],
  );
  return (
    <SessionsTable
      tableId="client-sessions"
      loader={loader}
      canManage={canManage}
      userHref={userHref}
      clientHref={clientHref}
      emptyMessage={t("noSessionsForClient")}
    />
  );
}
