import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type UserSessionRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userSessionRepresentation.js";

export type SessionType = "ALL" | "REGULAR" | "OFFLINE";

/** A session as the console's ui-ext/sessions lists it: the user session plus its type. */
export interface SessionRow extends UserSessionRepresentation {
  type: "REGULAR" | "OFFLINE";
}

/** Loads one page of sessions of the given type matching the search. */
export type SessionLoader = (first: number, max: number, search: string, type: SessionType) => Promise<SessionRow[]>;

export const sessionKey = (row: SessionRow) => `${row.type}:${row.id}`;

/** Ends a regular session or revokes an offline one. */
export async function endSession(client: KeycloakAdminClient, realm: string, row: SessionRow): Promise<void> {
  await client.realms.deleteSession({ realm, session: row.id!, isOffline: row.type === "OFFLINE" });
}
