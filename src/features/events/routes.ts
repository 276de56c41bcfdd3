import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";
import "./messages.ts";

const EventsPage = lazyPage(() => import("./events-page.tsx"));

/** `/events` and `/events/:tab` (view-events), spec §2. */
export const eventsRoutes: ConsoleRoute[] = [
  { path: "events", access: "view-events", component: EventsPage, breadcrumb: "events" },
  { path: "events/:tab", access: "view-events", component: EventsPage, breadcrumb: "events" },
];
