import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";
import "./messages.ts";

const ClientsPage = lazyPage(() => import("./clients-page.tsx"));
const CreateClientPage = lazyPage(() => import("./create-client-page.tsx"));
const ClientPage = lazyPage(() => import("./client-page.tsx"));

/** `/clients` and `/clients/:tab` (query-clients), `/clients/add-client` (manage-clients), `/clients/:clientId/:tab`, spec §2. */
export const clientsRoutes: ConsoleRoute[] = [
  { path: "clients", access: "query-clients", component: ClientsPage, breadcrumb: "clients" },
  { path: "clients/add-client", access: "manage-clients", component: CreateClientPage, breadcrumb: "createClient" },
  { path: "clients/:tab", access: "query-clients", component: ClientsPage, breadcrumb: "clients" },
  { path: "clients/:clientId/:tab", access: "query-clients", component: ClientPage, breadcrumb: "clientSettings" },
];
