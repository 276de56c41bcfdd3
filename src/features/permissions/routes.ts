import { someOf } from "../../core/access/access-checker.ts";
import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";

const PermissionsPage = lazyPage(() => import("./permissions-page.tsx"));
const PermissionPage = lazyPage(() => import("./permission-page.tsx"));
const AdminPolicyPage = lazyPage(() => import("./policies/admin-policy-page.tsx"));

/** Keycloak shows the area to admins with view-realm, view-clients or view-users (spec §2). */
const PERMISSIONS_ACCESS = someOf("view-realm", "view-clients", "view-users");

/** `/permissions`, its tabs, and a permission's create/edit form. */
export const permissionsRoutes: ConsoleRoute[] = [
  { path: "permissions", access: PERMISSIONS_ACCESS, component: PermissionsPage, breadcrumb: "permissions" },
  {
    path: "permissions/:permissionClientId/:tab",
    access: PERMISSIONS_ACCESS,
    component: PermissionsPage,
    breadcrumb: "permissions",
  },
  {
    path: "permissions/:permissionClientId/policies",
    access: PERMISSIONS_ACCESS,
    component: PermissionsPage,
    breadcrumb: "policies",
  },
  {
    path: "permissions/permission/new/:resourceType",
    access: PERMISSIONS_ACCESS,
    component: PermissionPage,
    breadcrumb: "createPermission",
  },
  {
    path: "permissions/permission/:permissionId/:resourceType",
    access: PERMISSIONS_ACCESS,
    component: PermissionPage,
    breadcrumb: "permissionDetails",
  },
  {
    path: "permissions/policies/new/:policyType",
    access: PERMISSIONS_ACCESS,
    component: AdminPolicyPage,
    breadcrumb: "createPermissionPolicy",
  },
  {
    path: "permissions/policies/:policyId/:policyType",
    access: PERMISSIONS_ACCESS,
    component: AdminPolicyPage,
    breadcrumb: "policyDetails",
  },
];
