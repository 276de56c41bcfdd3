/** What an area chunk exports: `define(prefix)` registers its element under that prefix. */
export interface AreaModule {
  define?: (prefix?: string) => string | void;
}

/**
 * Tag (without prefix) → the area chunk that defines it. Only areas whose chunk exists;
 * add a line here when an area's src/elements/<area>.ts lands.
 */
export const ELEMENT_CHUNKS: Record<string, () => Promise<AreaModule>> = {
  "admin-console": () => import("./admin-console.ts") as Promise<AreaModule>,
  "authentication-admin": () => import("./authentication-admin.ts"),
  "clients-admin": () => import("./clients-admin.ts"),
  "demo-admin": () => import("./demo-admin.ts"),
  "ui-catalogue": () => import("./catalogue.ts"),
  "client-scopes-admin": () => import("./client-scopes-admin.ts"),
  "groups-admin": () => import("./groups-admin.ts"),
  "organizations-admin": () => import("./organizations-admin.ts"),
  "realm-settings-admin": () => import("./realm-settings-admin.ts"),
  "roles-admin": () => import("./roles-admin.ts"),
  "users-admin": () => import("./users-admin.ts"),
  "identity-providers-admin": () => import("./identity-providers-admin.ts"),
  "sessions-admin": () => import("./sessions-admin.ts"),
  "events-admin": () => import("./events-admin.ts"),
  "user-federation-admin": () => import("./user-federation-admin.ts"),
  "permissions-admin": () => import("./permissions-admin.ts"),
  "custom-pages-admin": () => import("./custom-pages-admin.ts"),
};
