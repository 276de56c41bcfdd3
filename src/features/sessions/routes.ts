import { someOf } from "../../core/access/access-checker.ts";
import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";
import "./messages.ts";

const SessionsPage = lazyPage(() => import("./sessions-page.tsx"));

/** `/sessions` (view-realm, view-clients or view-users), spec §2. */
export const sessionsRoutes: ConsoleRoute[] = [
  {
    path: "sessions",
    access: someOf("view-realm", "view-clients", "view-users"),
    component: SessionsPage,
    breadcrumb: "sessions",
  },
];
