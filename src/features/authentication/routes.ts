import { someOf } from "../../core/access/access-checker.ts";
import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";

const AuthenticationPage = lazyPage(() => import("./authentication-page.tsx"));
const CreateFlowPage = lazyPage(() => import("./create-flow-page.tsx"));
const FlowDetailsPage = lazyPage(() => import("./flow-details-page.tsx"));

const listAccess = someOf("view-realm", "view-identity-providers", "view-clients");

/** `/authentication`, `/authentication/:tab`, `/authentication/flows/create` and a flow's details, spec §2. */
export const authenticationRoutes: ConsoleRoute[] = [
  { path: "authentication", access: listAccess, component: AuthenticationPage, breadcrumb: "authentication" },
  { path: "authentication/:tab", access: listAccess, component: AuthenticationPage, breadcrumb: "authentication" },
  {
    path: "authentication/flows/create",
    access: "manage-authorization",
    component: CreateFlowPage,
    breadcrumb: "createFlow",
  },
  {
    path: "authentication/:id/:usedBy",
    access: "view-authorization",
    component: FlowDetailsPage,
    breadcrumb: "flowDetails",
  },
  {
    path: "authentication/:id/:usedBy/:builtIn",
    access: "view-authorization",
    component: FlowDetailsPage,
    breadcrumb: "flowDetails",
  },
];
