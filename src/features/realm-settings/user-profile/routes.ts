import { someOf } from "../../../core/access/access-checker.ts";
import { lazyPage } from "../../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../../core/routing/console-route.ts";

const RealmSettingsPage = lazyPage(() => import("../realm-settings-page.tsx"));
const AttributePage = lazyPage(() => import("./attribute-page.tsx"));
const AttributeGroupPage = lazyPage(() => import("./attribute-group-page.tsx"));

const realmView = someOf("view-realm", "manage-realm");

const route = (path: string, component: ConsoleRoute["component"]): ConsoleRoute => ({
  path,
  access: realmView,
  component,
  breadcrumb: "realmSettings",
});

/** The user profile tab's sub-tabs and its attribute and attribute group screens (upstream's addresses). */
export const userProfileRoutes: ConsoleRoute[] = [
  route("realm-settings/user-profile/:tab", RealmSettingsPage),
  route("realm-settings/user-profile/attributes/add-attribute", AttributePage),
  route("realm-settings/user-profile/attributes/:attributeName/edit-attribute", AttributePage),
  route("realm-settings/user-profile/attributesGroup/new", AttributeGroupPage),
  route("realm-settings/user-profile/attributesGroup/edit/:name", AttributeGroupPage),
];
