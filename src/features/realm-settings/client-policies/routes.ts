import type { ConsoleRoute } from "../../../core/routing/console-route.ts";

export const clientPoliciesRoutes: ConsoleRoute[] = [];
