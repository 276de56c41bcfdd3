import type { ComponentType, LazyExoticComponent } from "react";
import { matchPath } from "react-router";
import type { AccessRule } from "../access/access-checker.ts";
import type { LazyPage } from "./lazy-page.ts";

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
}

/**
 * Starts fetching the chunk of the screen at `pathUnderRealm` (e.g. `users` or `users/1234/settings`), so it
 * loads while the element signs in instead of after.
 */
export function preloadRoute(routes: ConsoleRoute[], pathUnderRealm: string): void {
  const pathname = `/${pathUnderRealm.replace(/^\/+/, "")}`;
  const route = routes.find((candidate) => matchPath({ path: `/${candidate.path}`, end: true }, pathname));
  const component = route?.component as Partial<LazyPage> | undefined;
  void component?.preload?.().catch(() => undefined);
}
