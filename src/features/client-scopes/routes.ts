import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";
import "./messages.ts";
import "../../core/ui/protocol-mappers/protocol-mapper-messages.ts";

const ClientScopesPage = lazyPage(() => import("./client-scopes-page.tsx"));
const CreateClientScopePage = lazyPage(() => import("./create-client-scope-page.tsx"));
const ClientScopePage = lazyPage(() => import("./client-scope-page.tsx"));
const MapperPage = lazyPage(() => import("./client-scope-mapper-page.tsx"));

/** `/client-scopes` (view-clients), `/client-scopes/new` (manage-clients), details and mapper details, spec §2. */
export const clientScopesRoutes: ConsoleRoute[] = [
  { path: "client-scopes", access: "view-clients", component: ClientScopesPage, breadcrumb: "clientScopes" },
  {
    path: "client-scopes/new",
    access: "manage-clients",
    component: CreateClientScopePage,
    breadcrumb: "createClientScope",
  },
  {
    path: "client-scopes/:id/:tab",
    access: "view-clients",
    component: ClientScopePage,
    breadcrumb: "clientScopeDetails",
  },
  {
    path: "client-scopes/:id/mappers/:mapperId/:viewMode",
    access: "view-clients",
    component: MapperPage,
    breadcrumb: "mappingDetails",
  },
];
