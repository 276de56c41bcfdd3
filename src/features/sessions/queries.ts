import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type GlobalRequestResult from "@keycloak/keycloak-admin-client/lib/defs/globalRequestResult.js";
import { adminFetch } from "../../core/api/admin-fetch.ts";
import type { SessionRow, SessionType } from "../../core/ui/sessions/index.ts";

const base = (realm: string) => `/admin/realms/${encodeURIComponent(realm)}`;

export const sessionsKeys = {
  totals: (realm: string) => ["sessions", realm, "totals"] as const,
  notBefore: (realm: string) => ["sessions", realm, "not-before"] as const,
};

/** One page of the realm's sessions (Keycloak's ui-ext/sessions), newest first. */
export function fetchSessionPage(
  client: KeycloakAdminClient,
  realm: string,
  first: number,
  max: number,
  search: string,
  type: SessionType,
): Promise<SessionRow[]> {
  return adminFetch<SessionRow[]>(client, `${base(realm)}/ui-ext/sessions`, { type, search, first, max });
}

export interface SessionTotals {
  active: number;
  offline: number;
}

/** Active and offline client sessions summed over client-session-stats. */
export async function fetchSessionTotals(client: KeycloakAdminClient, realm: string): Promise<SessionTotals> {
  const stats = await client.realms.getClientSessionStats({ realm });
  return stats.reduce(
    (sum, stat) => ({
      active: sum.active + Number(stat.active ?? 0),
      offline: sum.offline + Number(stat.offline ?? 0),
    }),
    { active: 0, offline: 0 },
  );
}

/** The realm's not-before (seconds since the epoch; 0 when none). */
export async function fetchNotBefore(client: KeycloakAdminClient, realm: string): Promise<number> {
  return (await client.realms.findOne({ realm }))?.notBefore ?? 0;
}

export async function setNotBefore(client: KeycloakAdminClient, realm: string, notBefore: number): Promise<void> {
  await client.realms.update({ realm }, { realm, notBefore });
}

export async function pushRevocation(client: KeycloakAdminClient, realm: string): Promise<GlobalRequestResult> {
  return client.realms.pushRevocation({ realm });
}

export async function signOutEverySession(client: KeycloakAdminClient, realm: string): Promise<void> {
  await client.realms.logoutAll({ realm });
}
