import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";

const RealmsPage = lazyPage(() => import("./realms-page.tsx"));

/** `/:realm/realms`: anyone may list; creating needs who-am-I createRealm. */
export const realmsRoutes: ConsoleRoute[] = [
  { path: "realms", access: "anyone", component: RealmsPage, breadcrumb: "realmsTitle" },
];

export const toRealmList = (realm: string) => `/${realm}/realms`;
