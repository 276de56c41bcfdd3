import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";

const IdentityProvidersPage = lazyPage(() => import("./identity-providers-page.tsx"));
const AddIdentityProviderPage = lazyPage(() => import("./add-identity-provider-page.tsx"));
const IdentityProviderPage = lazyPage(() => import("./identity-provider-page.tsx"));
const MapperPage = lazyPage(() => import("./mapper-page.tsx"));

const add = (path: string): ConsoleRoute => ({
  path,
  access: "manage-identity-providers",
  component: AddIdentityProviderPage,
  breadcrumb: "addProvider",
});

/** Spec §2 Identity providers: the list (view), the add forms (manage) and a provider's tabs (view). */
export const identityProvidersRoutes: ConsoleRoute[] = [
  {
    path: "identity-providers",
    access: "view-identity-providers",
    component: IdentityProvidersPage,
    breadcrumb: "identityProviders",
  },
  add("identity-providers/keycloak-oidc/add"),
  add("identity-providers/oidc/add"),
  add("identity-providers/saml/add"),
  add("identity-providers/:providerId/add"),
  {
    path: "identity-providers/:providerId/:alias/:tab",
    access: "view-identity-providers",
    component: IdentityProviderPage,
    breadcrumb: "providerDetails",
  },
  // The breadcrumb's link to a provider: opens its settings tab.
  {
    path: "identity-providers/:providerId/:alias",
    access: "view-identity-providers",
    component: IdentityProviderPage,
    breadcrumb: "providerDetails",
  },
  // Listed before `mappers/:id` so that `mappers/create` is the add form.
  {
    path: "identity-providers/:providerId/:alias/:tab/create",
    access: "manage-identity-providers",
    component: MapperPage,
    breadcrumb: "addMapper",
  },
  {
    path: "identity-providers/:providerId/:alias/mappers/:id",
    access: "manage-identity-providers",
    component: MapperPage,
    breadcrumb: "mappers",
  },
];
