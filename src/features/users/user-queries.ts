import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import type RequiredActionProviderRepresentation from "@keycloak/keycloak-admin-client/lib/defs/requiredActionProviderRepresentation.js";
import { adminFetch } from "../../core/api/admin-fetch.ts";

/** A user row of the list: the user plus brute-force status when the caller may view users. */
export type ListedUser = UserRepresentation & { bruteForceStatus?: { disabled?: boolean; numFailures?: number } };

export interface UserSearch {
  /** Free text (username, email, names) or `key:value` pairs for attributes. */
  text: string;
  exact: boolean;
}

const ATTRIBUTE_QUERY = /^\s*[^\s:]+:\S*(\s+[^\s:]+:\S*)*\s*$/;

/** `key:value key2:value2` searches attributes through `q`; anything else is a text search. */
export function userSearchParams({ text, exact }: UserSearch): { search?: string; q?: string; exact?: boolean } {
  const trimmed = text.trim();
  if (!trimmed) return {};
  if (ATTRIBUTE_QUERY.test(trimmed)) return { q: trimmed.split(/\s+/).join(" "), exact: exact || undefined };
  return { search: trimmed, exact: exact || undefined };
}

export const userKeys = {
  all: (realm: string) => ["users", realm] as const,
  one: (realm: string, id: string) => ["users", realm, "user", id] as const,
  federation: (realm: string) => ["users", realm, "federation"] as const,
  /** The list's first page, prefetched with the console's first screen (no search, not exact). */
  firstPage: (realm: string) => ["users", realm, "first-page"] as const,
  requiredActions: (realm: string) => ["users", realm, "required-actions"] as const,
};

/**
 * A page of users (the console's ui-ext list with brute-force status when the caller may view
 * users; the plain list otherwise). `max` already includes the extra row.
 */
export async function fetchUserPage(
  client: KeycloakAdminClient,
  realm: string,
  search: UserSearch,
  first: number,
  max: number,
  withStatus: boolean,
): Promise<ListedUser[]> {
  const params = { ...userSearchParams(search), first, max, briefRepresentation: true };
  if (!withStatus) return client.users.find({ realm, ...params });
  return adminFetch<ListedUser[]>(client, `/admin/realms/${encodeURIComponent(realm)}/ui-ext/brute-force-user`, {
    first,
    max,
    briefRepresentation: "true",
    search: params.search,
    q: params.q,
    exact: params.exact ? "true" : undefined,
  });
}

/** The total of a search; Keycloak's count reads `search` and `q` but has no exact match. */
export async function countUsers(client: KeycloakAdminClient, realm: string, search: UserSearch): Promise<number> {
  const { search: text, q } = userSearchParams(search);
  return client.users.count({ realm, ...(text ? { search: text } : {}), ...(q ? { q } : {}) } as Parameters<
    KeycloakAdminClient["users"]["count"]
  >[0]);
}

/**
 * True when the realm reads users from a user storage provider (then the list waits for a search):
 * from the realm's components with view-realm, else from the console's realm info, which any
 * administrator of the realm may read (a query-users helpdesk must not list a directory either).
 */
export async function hasUserFederation(
  client: KeycloakAdminClient,
  realm: string,
  canViewRealm: boolean,
): Promise<boolean> {
  if (!canViewRealm) {
    const info = await adminFetch<{ userProfileProvidersEnabled?: boolean }>(
      client,
      `/admin/realms/${encodeURIComponent(realm)}/ui-ext/info`,
      {},
    );
    return info.userProfileProvidersEnabled === true;
  }
  const providers = await client.components.find({ realm, type: "org.keycloak.storage.UserStorageProvider" });
  return providers.length > 0;
}

export async function fetchUser(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<UserRepresentation | undefined> {
  return client.users.findOne({ realm, id, userProfileMetadata: true });
}

export async function createUser(
  client: KeycloakAdminClient,
  realm: string,
  user: UserRepresentation,
): Promise<string> {
  const { id } = await client.users.create({ realm, ...user });
  return id;
}

export async function updateUser(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  user: UserRepresentation,
): Promise<void> {
  await client.users.update({ realm, id }, user);
}

export async function deleteUser(client: KeycloakAdminClient, realm: string, id: string): Promise<void> {
  await client.users.del({ realm, id });
}

export async function unlockUser(client: KeycloakAdminClient, realm: string, id: string): Promise<void> {
  await client.attackDetection.del({ realm, id });
}

export async function fetchBruteForceStatus(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<{ disabled?: boolean; numFailures?: number }> {
  return client.attackDetection.findOne({ realm, id }) as Promise<{ disabled?: boolean; numFailures?: number }>;
}

/** Spec §3's required actions: offered when the realm's own list cannot be read (no view-realm). */
export const SPEC_REQUIRED_ACTIONS = [
  "VERIFY_EMAIL",
  "UPDATE_PROFILE",
  "CONFIGURE_TOTP",
  "UPDATE_PASSWORD",
  "TERMS_AND_CONDITIONS",
] as const;

/** The choices of the required-actions select: the realm's enabled actions, else the spec's five. */
export function requiredActionChoices(
  actions: RequiredActionProviderRepresentation[] | undefined,
  label: (alias: string) => string,
): { value: string; label: string }[] {
  if (actions)
    return actions.map((action) => ({ value: action.alias ?? "", label: action.name ?? action.alias ?? "" }));
  return SPEC_REQUIRED_ACTIONS.map((alias) => ({ value: alias, label: label(alias) }));
}

/** The realm's enabled required actions, for the create form's multi-select (Update Email only while switched on). */
export async function fetchEnabledRequiredActions(
  client: KeycloakAdminClient,
  realm: string,
): Promise<RequiredActionProviderRepresentation[]> {
  const actions = await client.authenticationManagement.getRequiredActions({ realm } as unknown as void & {
    realm: string;
  });
  return actions.filter((action) => action.enabled);
}

/** Impersonation answers a redirect address; the console opens it. */
export async function impersonateUser(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<{ redirect?: string }> {
  return client.users.impersonation({ realm, id }, { user: id, realm }) as Promise<{ redirect?: string }>;
}

/** Mails the user the realm's verification link (the account client's, with the realm's admin lifespan). */
export async function sendVerifyEmail(client: KeycloakAdminClient, realm: string, id: string): Promise<void> {
  await client.users.sendVerifyEmail({ realm, id });
}

export async function fetchUnmanagedAttributes(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<Record<string, string[]>> {
  return client.users.getUnmanagedAttributes({ realm, id });
}

/** The realm's unmanaged attribute policy (undefined when unmanaged attributes are off or the profile cannot be read). */
export async function fetchUnmanagedPolicy(client: KeycloakAdminClient, realm: string): Promise<string | null> {
  try {
    const config = (await client.users.getProfile({ realm })) as { unmanagedAttributePolicy?: string };
    return config.unmanagedAttributePolicy ?? null;
  } catch {
    return null;
  }
}
