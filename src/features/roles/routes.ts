import { lazyPage } from "../../core/routing/lazy-page.ts";
import { someOf } from "../../core/access/access-checker.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";

const RolesListPage = lazyPage(() => import("./roles-list-page.tsx"));
const CreateRolePage = lazyPage(() => import("./create-role-page.tsx"));
const RolePage = lazyPage(() => import("./role-page.tsx"));
const DefaultRolesPage = lazyPage(() => import("./default-roles-page.tsx"));

export const ROLE_TABS = ["details", "associated-roles", "attributes", "users-in-role"] as const;
export type RoleTab = (typeof ROLE_TABS)[number];

/** `/:realm/roles`, `/roles/new`, `/roles/default-roles`, `/roles/{id}/{tab}` (spec §2 access). */
export const rolesRoutes: ConsoleRoute[] = [
  { path: "roles", access: "view-realm", component: RolesListPage, breadcrumb: "realmRoles" },
  { path: "roles/new", access: "manage-realm", component: CreateRolePage, breadcrumb: "createRole" },
  { path: "roles/default-roles", access: "view-realm", component: DefaultRolesPage, breadcrumb: "defaultRoles" },
  {
    path: "roles/:id/:tab",
    access: someOf("view-realm", "view-users"),
    component: RolePage,
    breadcrumb: "roleDetails",
  },
  {
    path: "roles/:id",
    access: someOf("view-realm", "view-users"),
    component: RolePage,
    breadcrumb: "roleDetails",
  },
];

export const toRoles = (realm: string) => `/${realm}/roles`;
export const toCreateRole = (realm: string) => `/${realm}/roles/new`;
export const toDefaultRoles = (realm: string) => `/${realm}/roles/default-roles`;
export const toRole = (realm: string, id: string, tab: RoleTab = "details") => `/${realm}/roles/${id}/${tab}`;
