import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";
import "./messages.ts";
import "./scopes/client-scopes-messages.ts";
import "./list/client-list-tabs-messages.ts";
import "./authorization/authorization-messages.ts";
import type { AccessChecker } from "../../core/access/access-checker.ts";

const ClientsPage = lazyPage(() => import("./list/clients-page.tsx"));
const CreateClientPage = lazyPage(() => import("./create/create-client-page.tsx"));
const ClientPage = lazyPage(() => import("./details/client-page.tsx"));
const CreateClientRolePage = lazyPage(() => import("./roles/create-client-role-page.tsx"));
const ClientRolePage = lazyPage(() => import("./roles/client-role-page.tsx"));
const ImportClientPage = lazyPage(() => import("./create/import-client-page.tsx"));
const ClientScopesRoutePage = lazyPage(() => import("./scopes/client-scopes-route-page.tsx"));
const DedicatedScopePage = lazyPage(() => import("./scopes/dedicated/dedicated-scope-page.tsx"));
const DedicatedMapperPage = lazyPage(() => import("./scopes/dedicated/dedicated-mapper-page.tsx"));
const CreateInitialAccessTokenPage = lazyPage(
  () => import("./initial-access-tokens/create-initial-access-token-page.tsx"),
);
const AuthorizationRoutePage = lazyPage(() => import("./authorization/authorization-route-page.tsx"));
const ResourcePage = lazyPage(() => import("./authorization/resources/resource-page.tsx"));
const AuthorizationScopePage = lazyPage(() => import("./authorization/scopes/scope-page.tsx"));
const PolicyPage = lazyPage(() => import("./authorization/policies/policy-page.tsx"));
const PermissionPage = lazyPage(() => import("./authorization/permissions/permission-page.tsx"));
const ClientRegistrationPolicyPage = lazyPage(() => import("./registration/client-registration-policy-page.tsx"));

/** Creating a client: manage-clients, or admin permissions v2 granting manage on every client (listed for the refusal). */
const manageAllClients = Object.assign(
  (access: AccessChecker) => access.hasAccess("manage-clients") || access.grantedOnEvery("Clients", "manage"),
  { names: ["manage-clients" as const] },
);

/** `/clients` and `/clients/:tab` (query-clients), `/clients/add-client` (manage-clients), `/clients/:clientId/:tab`, spec §2. */
export const clientsRoutes: ConsoleRoute[] = [
  { path: "clients", access: "query-clients", component: ClientsPage, breadcrumb: "clients" },
  { path: "clients/add-client", access: manageAllClients, component: CreateClientPage, breadcrumb: "createClient" },
  { path: "clients/import-client", access: manageAllClients, component: ImportClientPage, breadcrumb: "importClient" },
  {
    path: "clients/initialAccessToken/create",
    access: "manage-clients",
    component: CreateInitialAccessTokenPage,
    breadcrumb: "createToken",
  },
  {
    path: "clients/client-registration/:subTab",
    access: "view-clients",
    component: ClientsPage,
    breadcrumb: "clientRegistration",
  },
  {
    path: "clients/client-registration/:subTab/:providerId",
    access: "manage-clients",
    component: ClientRegistrationPolicyPage,
    breadcrumb: "createPolicy",
  },
  {
    path: "clients/client-registration/:subTab/:providerId/:id",
    access: "manage-clients",
    component: ClientRegistrationPolicyPage,
    breadcrumb: "clientRegistration",
  },
  { path: "clients/:tab", access: "query-clients", component: ClientsPage, breadcrumb: "clients" },
  {
    path: "clients/:clientId/roles/new",
    access: "query-clients",
    component: CreateClientRolePage,
    breadcrumb: "createRole",
  },
  {
    path: "clients/:clientId/roles/:id/:tab",
    access: "query-clients",
    component: ClientRolePage,
    breadcrumb: "roleDetails",
  },
  { path: "clients/:clientId/:tab", access: "query-clients", component: ClientPage, breadcrumb: "clientSettings" },
  {
    path: "clients/:clientId/clientScopes/:tab",
    access: "query-clients",
    component: ClientScopesRoutePage,
    breadcrumb: "clientSettings",
  },
  {
    path: "clients/:clientId/clientScopes/dedicated",
    access: "query-clients",
    component: DedicatedScopePage,
    breadcrumb: "dedicatedScopes",
  },
  {
    path: "clients/:clientId/clientScopes/dedicated/:tab",
    access: "query-clients",
    component: DedicatedScopePage,
    breadcrumb: "dedicatedScopes",
  },
  {
    path: "clients/:id/clientScopes/dedicated/mappers/:mapperId/:viewMode",
    access: "query-clients",
    component: DedicatedMapperPage,
    breadcrumb: "mappingDetails",
  },
  ...authorizationRoutes(),
];

/** Client authorization (spec §2): any of manage-clients, view-authorization or manage-authorization. */
function authorizationRoutes(): ConsoleRoute[] {
  const access = (checker: AccessChecker) =>
    checker.hasSomeAccess("manage-clients", "view-authorization", "manage-authorization");
  const base = "clients/:clientId/authorization";
  return [
    { path: `${base}/:tab`, access, component: AuthorizationRoutePage, breadcrumb: "clientSettings" },
    { path: `${base}/resource`, access, component: ResourcePage, breadcrumb: "createResource" },
    { path: `${base}/resource/new`, access, component: ResourcePage, breadcrumb: "createResource" },
    { path: `${base}/resource/:resourceId`, access, component: ResourcePage, breadcrumb: "resourceDetails" },
    { path: `${base}/scope`, access, component: AuthorizationScopePage, breadcrumb: "createAuthorizationScope" },
    { path: `${base}/scope/new`, access, component: AuthorizationScopePage, breadcrumb: "createAuthorizationScope" },
    {
      path: `${base}/scope/:scopeId`,
      access,
      component: AuthorizationScopePage,
      breadcrumb: "authorizationScopeDetails",
    },
    { path: `${base}/policy/new/:policyType`, access, component: PolicyPage, breadcrumb: "createNewPolicy" },
    { path: `${base}/policy/:policyId/:policyType`, access, component: PolicyPage, breadcrumb: "policies" },
    {
      path: `${base}/permission/new/:permissionType`,
      access,
      component: PermissionPage,
      breadcrumb: "createPermission",
    },
    {
      path: `${base}/permission/new/:permissionType/:selectedId`,
      access,
      component: PermissionPage,
      breadcrumb: "createPermission",
    },
    {
      path: `${base}/permission/:permissionType/:permissionId`,
      access,
      component: PermissionPage,
      breadcrumb: "permissions",
    },
  ];
}
