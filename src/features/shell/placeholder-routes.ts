import { createElement } from "react";
import { someOf, type AccessRule } from "../../core/access/access-checker.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";
import type { sharedMessages } from "../../core/i18n/core-messages.ts";
import type { shellMessages } from "./messages.ts";
import { PlaceholderPage } from "./placeholder-page.tsx";

type Title = keyof typeof shellMessages | keyof typeof sharedMessages;

const clientAuthorization = someOf("manage-clients", "view-authorization", "manage-authorization");
const realmView = someOf("view-realm", "manage-realm");

/** The upstream console's paths per area, with their declared access (spec §2). */
const areaPaths: { title: Title; routes: [string, AccessRule][] }[] = [
  {
    title: "clients",
    routes: [
      ["clients", "query-clients"],
      ["clients/add-client", "manage-clients"],
      ["clients/import-client", "manage-clients"],
      ["clients/initialAccessToken/create", "manage-clients"],
      ["clients/client-registration/:subTab", "view-clients"],
      ["clients/client-registration/:subTab/:providerId", "manage-clients"],
      ["clients/client-registration/:subTab/:providerId/:id", "manage-clients"],
      ["clients/:tab", "query-clients"],
      ["clients/:clientId/:tab", "query-clients"],
      ["clients/:clientId/clientScopes/:tab", "query-clients"],
      ["clients/:clientId/clientScopes/dedicated", "query-clients"],
      ["clients/:clientId/clientScopes/dedicated/:tab", "query-clients"],
      ["clients/:id/clientScopes/dedicated/mappers/:mapperId/:viewMode", "query-clients"],
      ["clients/:clientId/roles/new", "query-clients"],
      ["clients/:clientId/roles/:id/:tab", "query-clients"],
      ["clients/:clientId/authorization/:tab", clientAuthorization],
      ["clients/:id/authorization/permission/new/:permissionType", clientAuthorization],
      ["clients/:id/authorization/permission/new/:permissionType/:selectedId", clientAuthorization],
      ["clients/:id/authorization/permission/:permissionType/:permissionId", clientAuthorization],
      ["clients/:id/authorization/policy/new/:policyType", clientAuthorization],
      ["clients/:id/authorization/policy/:policyId/:policyType", clientAuthorization],
      ["clients/:id/authorization/resource", clientAuthorization],
      ["clients/:id/authorization/resource/new", clientAuthorization],
      ["clients/:id/authorization/resource/:resourceId", clientAuthorization],
      ["clients/:id/authorization/scope", clientAuthorization],
      ["clients/:id/authorization/scope/new", clientAuthorization],
      ["clients/:id/authorization/scope/:scopeId", clientAuthorization],
    ],
  },
  {
    title: "clientScopes",
    routes: [
      ["client-scopes", "view-clients"],
      ["client-scopes/new", "manage-clients"],
      ["client-scopes/:id/:tab", "view-clients"],
      ["client-scopes/:id/mappers/:mapperId/:viewMode", "view-clients"],
    ],
  },
  {
    title: "authentication",
    routes: [
      ["authentication", someOf("view-realm", "view-identity-providers", "view-clients")],
      ["authentication/:tab", someOf("view-realm", "view-identity-providers", "view-clients")],
      ["authentication/flows/create", "manage-authorization"],
      ["authentication/:id/:usedBy", "view-authorization"],
      ["authentication/:id/:usedBy/:builtIn", "view-authorization"],
    ],
  },
  {
    title: "events",
    routes: [
      ["events", "view-events"],
      ["events/:tab", "view-events"],
    ],
  },
  { title: "groups", routes: [["groups/*", "query-groups"]] },
  {
    title: "identityProviders",
    routes: [
      ["identity-providers", "view-identity-providers"],
      ["identity-providers/keycloak-oidc/add", "manage-identity-providers"],
      ["identity-providers/oidc/add", "manage-identity-providers"],
      ["identity-providers/saml/add", "manage-identity-providers"],
      ["identity-providers/:providerId/add", "manage-identity-providers"],
      ["identity-providers/:providerId/:alias/:tab", "view-identity-providers"],
      ["identity-providers/:providerId/:alias/:tab/create", "manage-identity-providers"],
      ["identity-providers/:providerId/:alias/mappers/:id", "manage-identity-providers"],
    ],
  },
  {
    title: "organizations",
    routes: [
      ["organizations", "query-groups"],
      ["organizations/new", "manage-users"],
      ["organizations/:id/:tab", "manage-users"],
    ],
  },
  {
    title: "permissions",
    routes: [
      ["permissions", someOf("view-realm", "view-clients", "view-users")],
      ["permissions/:permissionClientId/:tab", someOf("view-realm", "view-clients", "view-users")],
      ["permissions/:permissionClientId/policies", someOf("view-realm", "view-clients", "view-users")],
      ["permissions/permission/new/:resourceType", someOf("view-realm", "view-clients", "view-users")],
      ["permissions/permission/:permissionId/:resourceType", someOf("view-realm", "view-clients", "view-users")],
      ["permissions/policies/new/:policyType", someOf("view-realm", "view-clients", "view-users")],
      ["permissions/policies/:policyId/:policyType", someOf("view-realm", "view-clients", "view-users")],
    ],
  },
  {
    title: "realmRoles",
    routes: [
      ["roles", "view-realm"],
      ["roles/new", "manage-realm"],
      ["roles/:id/:tab", someOf("view-realm", "view-users")],
    ],
  },
  {
    title: "realmSettings",
    routes: ["realm-settings", "realm-settings/:tab", "themes/:tab"].map((path): [string, AccessRule] => [
      path,
      realmView,
    ]),
  },
  { title: "sessions", routes: [["sessions", someOf("view-realm", "view-clients", "view-users")]] },
  {
    title: "userFederation",
    routes: [
      "user-federation",
      "user-federation/kerberos",
      "user-federation/kerberos/new",
      "user-federation/kerberos/:id",
      "user-federation/ldap",
      "user-federation/ldap/new",
      "user-federation/ldap/:id",
      "user-federation/ldap/:id/:tab",
      "user-federation/ldap/:id/mappers/:mapperId",
      "user-federation/:providerId/new",
      "user-federation/:providerId/:id",
    ].map((path): [string, AccessRule] => [path, "view-realm"]),
  },
  {
    title: "users",
    routes: [
      ["users", "query-users"],
      ["users/add-user", ["query-users", "query-groups"]],
      ["users/:tab", "query-users"],
      ["users/:id/:tab", "query-users"],
    ],
  },
  {
    title: "customPages",
    routes: [
      ["page-section/:providerId", "view-realm"],
      ["page-section/:providerId/add", "view-realm"],
      ["page-section/:providerId/:id", "view-realm"],
    ],
  },
];

/** Placeholder screens, titled with the area's name, for every area route not built yet. */
export function placeholderRoutes(builtPaths: ReadonlySet<string>): ConsoleRoute[] {
  return areaPaths.flatMap(({ title, routes }) =>
    routes
      .filter(([path]) => !builtPaths.has(path))
      .map(([path, access]) => ({
        path,
        access,
        breadcrumb: title,
        component: () => createElement(PlaceholderPage, { title }),
      })),
  );
}
