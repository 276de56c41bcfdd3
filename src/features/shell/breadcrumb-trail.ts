import { matchRoutes } from "react-router";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";

export interface Crumb {
  /** Address below the realm, `users/1234/settings`. */
  path: string;
  /** Message key of the route's breadcrumb. */
  label: string;
}

/**
 * The crumbs of an address below the realm: each leading part of the path that a route with a
 * breadcrumb answers, best match first as react-router ranks them, one crumb per label in a row at the
 * shortest such path (`roles/{id}` and `roles/{id}/attributes` are one 'Role details'; never a raw id).
 */
export function breadcrumbTrail(routes: readonly ConsoleRoute[], pathBelowRealm: string): Crumb[] {
  const segments = pathBelowRealm.split("/").filter(Boolean);
  const candidates = routes.map((route) => ({ path: route.path, route }));
  const crumbs: Crumb[] = [];
  for (let end = 1; end <= segments.length; end++) {
    const path = segments.slice(0, end).join("/");
    const label = matchRoutes(candidates, `/${path}`)?.at(-1)?.route.route.breadcrumb;
    if (label && crumbs.at(-1)?.label !== label) crumbs.push({ path, label });
  }
  return crumbs;
}
