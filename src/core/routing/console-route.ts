import type { ComponentType, LazyExoticComponent } from "react";
import type { AccessRule } from "../access/access-checker.ts";

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
