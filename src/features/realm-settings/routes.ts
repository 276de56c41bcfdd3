import { someOf } from "../../core/access/access-checker.ts";
import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";
import { userProfileRoutes } from "./user-profile/routes.ts";
import { clientPoliciesRoutes } from "./client-policies/routes.ts";
import "./messages.ts";
import "./keys/keys-messages.ts";

const RealmSettingsPage = lazyPage(() => import("./realm-settings-page.tsx"));
const KeyProviderPage = lazyPage(() => import("./keys/key-provider-page.tsx"));

const realmView = someOf("view-realm", "manage-realm");

/** `/realm-settings` and `/realm-settings/:tab` (view-realm or manage-realm), spec §2. */
export const realmSettingsRoutes: ConsoleRoute[] = [
  { path: "realm-settings", access: realmView, component: RealmSettingsPage, breadcrumb: "realmSettings" },
  { path: "realm-settings/:tab", access: realmView, component: RealmSettingsPage, breadcrumb: "realmSettings" },
  ...userProfileRoutes,
  ...clientPoliciesRoutes,
  { path: "realm-settings/keys/:subTab", access: realmView, component: RealmSettingsPage, breadcrumb: "realmSettings" },
  {
    path: "realm-settings/themes/:subTab",
    access: realmView,
    component: RealmSettingsPage,
    breadcrumb: "realmSettings",
  },
  {
    path: "realm-settings/keys/providers/:id/:providerType/settings",
    access: realmView,
    component: KeyProviderPage,
    breadcrumb: "providerDetails",
  },
];
