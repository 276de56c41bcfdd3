import { someOf, type AccessRule } from "../../core/access/access-checker.ts";
import type { Realm } from "../../core/api/realm.ts";
import { isFeatureEnabled, type ServerInfo } from "../../core/api/server-info.ts";
import type { sharedMessages } from "../../core/i18n/core-messages.ts";
import type { shellMessages } from "./messages.ts";

export interface NavEntry {
  /** Path under /:realm. */
  path: string;
  label: keyof typeof shellMessages | keyof typeof sharedMessages;
  access: AccessRule;
  /** Extra condition on server features and realm settings. */
  shown?: (info: ServerInfo, realm: Realm | null) => boolean;
}

export const manageEntries: NavEntry[] = [
  {
    path: "organizations",
    label: "organizations",
    access: "query-groups",
    shown: (info, realm) => isFeatureEnabled(info, "ORGANIZATION") && Boolean(realm?.organizationsEnabled),
  },
  { path: "clients", label: "clients", access: "query-clients" },
  { path: "client-scopes", label: "clientScopes", access: "view-clients" },
  { path: "roles", label: "realmRoles", access: "view-realm" },
  { path: "users", label: "users", access: "query-users" },
  { path: "groups", label: "groups", access: "query-groups" },
  { path: "sessions", label: "sessions", access: someOf("view-realm", "view-clients", "view-users") },
  { path: "events", label: "events", access: "view-events" },
];

export const configureEntries: NavEntry[] = [
  { path: "realm-settings", label: "realmSettings", access: "view-realm" },
  {
    path: "authentication",
    label: "authentication",
    access: someOf("view-realm", "view-identity-providers", "view-clients"),
  },
  {
    path: "permissions",
    label: "permissions",
    access: someOf("view-realm", "view-clients", "view-users"),
    shown: (info, realm) =>
      isFeatureEnabled(info, "ADMIN_FINE_GRAINED_AUTHZ_V2") && Boolean(realm?.adminPermissionsEnabled),
  },
  { path: "identity-providers", label: "identityProviders", access: "view-identity-providers" },
  { path: "user-federation", label: "userFederation", access: "view-realm" },
];

/** Who sees the 'Management Console' link. */
export const managementConsoleAccess = someOf(
  "view-realm",
  "query-groups",
  "query-users",
  "query-clients",
  "view-events",
);
