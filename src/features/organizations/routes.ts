import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";

const OrganizationsPage = lazyPage(() => import("./organizations-page.tsx"));
const NewOrganizationPage = lazyPage(() => import("./new-organization-page.tsx"));
const OrganizationPage = lazyPage(() => import("./organization-page.tsx"));

/** `/organizations` (query-groups), `/organizations/new` and `/organizations/:id/:tab` (manage-users), spec §2. */
export const organizationsRoutes: ConsoleRoute[] = [
  { path: "organizations", access: "query-groups", component: OrganizationsPage, breadcrumb: "organizations" },
  {
    path: "organizations/new",
    access: "manage-users",
    component: NewOrganizationPage,
    breadcrumb: "createOrganization",
  },
  {
    path: "organizations/:id/:tab",
    access: "manage-users",
    component: OrganizationPage,
    breadcrumb: "organizationDetails",
  },
  // The breadcrumb's link to an organization: opens its settings tab.
  { path: "organizations/:id", access: "manage-users", component: OrganizationPage, breadcrumb: "organizationDetails" },
];
