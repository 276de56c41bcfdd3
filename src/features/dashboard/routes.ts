import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";

const DashboardPage = lazyPage(() => import("./dashboard-page.tsx"));

export const DASHBOARD_TABS = ["welcome", "info", "providers"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** `/:realm` and `/:realm/:tab` (anyone). */
export const dashboardRoutes: ConsoleRoute[] = [
  { path: "", access: "anyone", component: DashboardPage },
  ...DASHBOARD_TABS.map((tab): ConsoleRoute => ({ path: tab, access: "anyone", component: DashboardPage })),
];

export const toDashboardTab = (realm: string, tab: DashboardTab) => `/${realm}/${tab}`;
