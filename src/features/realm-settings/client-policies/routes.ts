import { someOf } from "../../../core/access/access-checker.ts";
import { lazyPage } from "../../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../../core/routing/console-route.ts";

const RealmSettingsPage = lazyPage(() => import("../realm-settings-page.tsx"));
const ProfilePage = lazyPage(() => import("./profile-page.tsx"));
const ExecutorPage = lazyPage(() => import("./executor-page.tsx"));
const PolicyPage = lazyPage(() => import("./policy-page.tsx"));
const ConditionPage = lazyPage(() => import("./condition-page.tsx"));

const realmView = someOf("view-realm", "manage-realm");

const route = (path: string, component: ConsoleRoute["component"]): ConsoleRoute => ({
  path: `realm-settings/client-policies/${path}`,
  access: realmView,
  component,
  breadcrumb: "realmSettings",
});

/** The client policies tab's sub-tabs and its profile, executor, policy and condition screens (upstream's addresses). */
export const clientPoliciesRoutes: ConsoleRoute[] = [
  route(":tab", RealmSettingsPage),
  route(":tab/add-profile", ProfilePage),
  route(":profileName/edit-profile", ProfilePage),
  route(":profileName/add-executor", ExecutorPage),
  route(":profileName/edit-profile/:executorName", ExecutorPage),
  route("policies/add-client-policy", PolicyPage),
  route(":policyName/edit-policy", PolicyPage),
  route(":policyName/edit-policy/create-condition", ConditionPage),
  route(":policyName/edit-policy/:conditionName/edit-condition", ConditionPage),
];
