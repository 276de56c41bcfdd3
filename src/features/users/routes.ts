import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";
import { prefetchUsersList } from "./users-prefetch.ts";
import "./messages.ts";

const UsersPage = lazyPage(() => import("./users-page.tsx"));
const CreateUserPage = lazyPage(() => import("./create-user-page.tsx"));
const UserPage = lazyPage(() => import("./user-page.tsx"));

/** `/users` and `/users/:tab` (query-users), `/users/add-user` (query-users and query-groups), `/users/:id/:tab`, spec §2. */
export const usersRoutes: ConsoleRoute[] = [
  { path: "users", access: "query-users", component: UsersPage, breadcrumb: "users", prefetch: prefetchUsersList },
  {
    path: "users/add-user",
    access: ["query-users", "query-groups"],
    component: CreateUserPage,
    breadcrumb: "createUser",
  },
  { path: "users/:tab", access: "query-users", component: UsersPage, breadcrumb: "users", prefetch: prefetchUsersList },
  { path: "users/:id/:tab", access: "query-users", component: UserPage, breadcrumb: "userDetails" },
];
