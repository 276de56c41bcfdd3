import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type EventRepresentation from "@keycloak/keycloak-admin-client/lib/defs/eventRepresentation.js";
import type FederatedIdentityRepresentation from "@keycloak/keycloak-admin-client/lib/defs/federatedIdentityRepresentation.js";
import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { adminFetch } from "../../../core/api/admin-fetch.ts";
import { ACCOUNT_CONSOLE_CLIENT } from "./try-sign-in-url.ts";

/** The login events a brokered sign-in leaves, successful or not (Keycloak's and ours). */
const OUTCOME_TYPES = [
  "LOGIN",
  "LOGIN_ERROR",
  "REGISTER",
  "FEDERATED_IDENTITY_LINK",
  "IDENTITY_PROVIDER_LOGIN",
  "IDENTITY_PROVIDER_LOGIN_ERROR",
  "IDENTITY_PROVIDER_FIRST_LOGIN",
  "IDENTITY_PROVIDER_FIRST_LOGIN_ERROR",
  "IDENTITY_PROVIDER_LINK_ACCOUNT",
  "IDENTITY_PROVIDER_LINK_ACCOUNT_ERROR",
  "IDENTITY_PROVIDER_POST_LOGIN_ERROR",
  "IDENTITY_PROVIDER_RESPONSE_ERROR",
];

const FIRST_LOGIN_TYPES = new Set(["IDENTITY_PROVIDER_FIRST_LOGIN", "REGISTER", "FEDERATED_IDENTITY_LINK"]);
const isError = (event: EventRepresentation) => !!event.error || !!event.type?.endsWith("_ERROR");

/** How far the browser's clock may run ahead of the server's before a try misses its own events. */
export const CLOCK_SLACK_MS = 5_000;

export type TrySignInOutcome =
  | { kind: "waiting" }
  | { kind: "failed"; event: EventRepresentation }
  | { kind: "signedIn"; event: EventRepresentation; userId: string; firstLogin: boolean };

/** Whether the realm saves login events, which is how a try learns what happened. */
export async function loginEventsSaved(client: KeycloakAdminClient, realm: string): Promise<boolean> {
  const config = await client.realms.getConfigEvents({ realm });
  return config.eventsEnabled === true;
}

/** Where a try's events start: a little before now (the browser's clock may run ahead), but after the last try's. */
export function trySince(now: number, previous?: EventRepresentation): number {
  return Math.max(now - CLOCK_SLACK_MS, (previous?.time ?? 0) + 1);
}

/**
 * The newest outcome of a sign-in through `alias` by the account console from `since` (epoch ms) on: an error
 * event of the provider, or a success naming the user. One small page of the realm's events, filtered on the server
 * by type, client and time.
 */
export async function fetchTrySignInOutcome(
  client: KeycloakAdminClient,
  realm: string,
  alias: string,
  since: number,
): Promise<TrySignInOutcome> {
  const types = new URLSearchParams(OUTCOME_TYPES.map((type) => ["type", type]));
  const events = await adminFetch<EventRepresentation[]>(
    client,
    `/admin/realms/${encodeURIComponent(realm)}/events?${types}`,
    { client: ACCOUNT_CONSOLE_CLIENT, dateFrom: since, first: 0, max: 20 },
  );
  return trySignInOutcome(events, alias, since);
}

/** The outcome the events of a try tell (any order; those before `since` or of other providers left out). */
export function trySignInOutcome(events: EventRepresentation[], alias: string, since: number): TrySignInOutcome {
  // Keycloak 26.7.3's IDENTITY_PROVIDER_LOGIN_ERROR names no provider: an error of the try's client and time counts
  const ours = events
    .filter((event) => (event.time ?? 0) >= since)
    .filter(
      (event) => event.details?.identity_provider === alias || (isError(event) && !event.details?.identity_provider),
    )
    .sort((a, b) => (b.time ?? 0) - (a.time ?? 0));
  const newest = ours[0];
  if (!newest) return { kind: "waiting" };
  if (isError(newest)) return { kind: "failed", event: newest };
  if (!newest.userId) return { kind: "waiting" };
  // Keycloak records a first login's REGISTER (new user) or FEDERATED_IDENTITY_LINK (existing account) with the user;
  // its IDENTITY_PROVIDER_FIRST_LOGIN, recorded as the flow starts, names none
  const firstLogin = ours.some((event) => FIRST_LOGIN_TYPES.has(event.type ?? "") && event.userId === newest.userId);
  return { kind: "signedIn", event: newest, userId: newest.userId, firstLogin };
}

/** Most groups the result lists; it says when the user has more. */
export const GROUPS_SHOWN = 20;

export interface SignedInUser {
  user: UserRepresentation;
  link?: FederatedIdentityRepresentation;
  /** Direct role mappings: realm roles, and client roles by client ID (Keycloak's `clientMappings`). */
  roles: { realmMappings?: RoleRepresentation[]; clientMappings?: Record<string, { mappings?: RoleRepresentation[] }> };
  groups: GroupRepresentation[];
}

/** What the sign-in left on the user: the provider's link, attributes, role mappings and (a page of) groups. */
export async function fetchSignedInUser(
  client: KeycloakAdminClient,
  realm: string,
  alias: string,
  id: string,
): Promise<SignedInUser | undefined> {
  const user = await client.users.findOne({ realm, id, userProfileMetadata: false });
  if (!user) return undefined;
  const [links, roles, groups] = await Promise.all([
    client.users.listFederatedIdentities({ realm, id }),
    client.users.listRoleMappings({ realm, id }),
    client.users.listGroups({ realm, id, first: 0, max: GROUPS_SHOWN + 1, briefRepresentation: true }),
  ]);
  return { user, link: links.find((link) => link.identityProvider === alias), roles, groups };
}
