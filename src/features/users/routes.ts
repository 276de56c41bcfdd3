import { lazy } from "react";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";
import "./messages.ts";

const UsersPage = lazy(() => import("./users-page.tsx"));
const CreateUserPage = lazy(() => import("./create-user-page.tsx"));
const UserPage = lazy(() => import("./user-page.tsx"));

/** `/users` and `/users/:tab` (query-users), `/users/add-user` (query-users and query-groups), `/users/:id/:tab`, spec §2. */
export const usersRoutes: ConsoleRoute[] = [
  { path: "users", access: "query-users", component: UsersPage, breadcrumb: "users" },
  {
    path: "users/add-user",
    access: ["query-users", "query-groups"],
    component: CreateUserPage,
    breadcrumb: "createUser",
  },
  { path: "users/:tab", access: "query-users", component: UsersPage, breadcrumb: "users" },
  { path: "users/:id/:tab", access: "query-users", component: UserPage, breadcrumb: "userDetails" },
];
