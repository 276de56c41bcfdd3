import type { ComponentType, LazyExoticComponent } from "react";
import { matchPath, type Params } from "react-router";
import type { AccessChecker, AccessRule } from "../access/access-checker.ts";
import type { Runtime } from "../runtime/runtime.ts";
import type { LazyPage } from "./lazy-page.ts";

/** What a route's prefetch gets: the runtime, the realm, the path's parameters and the user's access there. */
export interface RoutePrefetchContext {
  runtime: Runtime;
  realm: string;
  params: Params;
  access: AccessChecker;
}

/**
 * One screen of an area, as the console mounts it under `/:realm`.
 * Areas export arrays of these from `src/features/<area>/routes.ts`.
 */
export interface ConsoleRoute {
  /** Path relative to `/:realm`, react-router syntax (`users/:id/:tab`). */
  path: string;
  access: AccessRule;
  component: ComponentType | LazyExoticComponent<ComponentType>;
  /** Message key of the breadcrumb label; routes without one add no crumb. */
  breadcrumb?: string;
  /**
   * Starts the screen's first reads into the runtime's query cache (or as handed-over first pages) when it is the
   * first screen, once who-am-I allows it: they then run alongside the shell's render instead of after it.
   */
  prefetch?: (context: RoutePrefetchContext) => void;
}

/** The route that shows `pathUnderRealm` (e.g. `users` or `users/1234/settings`), with its parameters. */
export function matchConsoleRoute(
  routes: ConsoleRoute[],
  pathUnderRealm: string,
): { route: ConsoleRoute; params: Params } | undefined {
  const pathname = `/${pathUnderRealm.replace(/^\/+/, "")}`;
  for (const route of routes) {
    const match = matchPath({ path: `/${route.path}`, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return undefined;
}

/**
 * Starts fetching the chunk of the screen at `pathUnderRealm` (e.g. `users` or `users/1234/settings`), so it
 * loads while the element signs in instead of after.
 */
export function preloadRoute(routes: ConsoleRoute[], pathUnderRealm: string): void {
  const component = matchConsoleRoute(routes, pathUnderRealm)?.route.component as Partial<LazyPage> | undefined;
  void component?.preload?.().catch(() => undefined);
}
