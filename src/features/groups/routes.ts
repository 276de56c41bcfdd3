import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";

const GroupsPage = lazyPage(() => import("./groups-page.tsx"));

/** `/:realm/groups/*`: the path below `groups` is the chain of group ids from the top level down. */
export const groupsRoutes: ConsoleRoute[] = [
  { path: "groups/*", access: "query-groups", component: GroupsPage, breadcrumb: "groups" },
];

export const toGroups = (realm: string, pathIds: readonly string[] = []) => ["", realm, "groups", ...pathIds].join("/");
