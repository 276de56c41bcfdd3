import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";
import "./messages.ts";

const CustomPageList = lazyPage(() => import("./custom-page-list.tsx"));
const CustomPageForm = lazyPage(() => import("./custom-page-form.tsx"));

/** `page-section/:providerId`, `/add` and `/:id` (view-realm), spec §2 Custom pages. */
export const customPagesRoutes: ConsoleRoute[] = [
  { path: "page-section/:providerId", access: "view-realm", component: CustomPageList, breadcrumb: "customPages" },
  { path: "page-section/:providerId/add", access: "view-realm", component: CustomPageForm, breadcrumb: "customPages" },
  { path: "page-section/:providerId/:id", access: "view-realm", component: CustomPageForm, breadcrumb: "customPages" },
];
