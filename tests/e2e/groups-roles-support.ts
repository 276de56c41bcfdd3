import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { adminFetch, adminToken } from "../support/server.ts";
import { onRealKeycloak } from "../support/target.ts";

/** A public master-realm client that who-am-I accepts (like security-admin-console) and that allows the password grant, for the standalone element pages. */
export const EMBEDDED_ADMIN_CLIENT = "e2e-embedded-admin";

export type AdminApi = ReturnType<typeof adminFetch>;

export async function adminApi(baseUrl: string): Promise<AdminApi> {
  return adminFetch(baseUrl, await adminToken(baseUrl));
}

export async function createEmbeddedAdminClient(api: AdminApi, realm = "master"): Promise<void> {
  const response = await api(`/admin/realms/${realm}/clients`, {
    method: "POST",
    body: {
      clientId: EMBEDDED_ADMIN_CLIENT,
      publicClient: true,
      directAccessGrantsEnabled: true,
      standardFlowEnabled: false,
      attributes: { "security.admin.console": "true" },
    },
  });
  // 409: an earlier test file made it on the real Keycloak that the whole run shares (KC_TARGET=keycloak)
  if (response.status === 409 && onRealKeycloak()) return;
  assert.equal(response.status, 201, await response.text());
}

export async function json<T>(api: AdminApi, path: string): Promise<T> {
  const response = await api(path);
  if (!response.ok) assert.fail(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The table row holding `text` (in a link or a cell). */
export function rowWith(scope: Page | Locator, text: string): Locator {
  const page = "page" in scope && typeof scope.page === "function" ? (scope as Locator).page() : (scope as Page);
  return scope.locator("tr").filter({ has: page.getByText(text, { exact: true }) });
}

/** Opens a row's kebab and picks an action, with real clicks. */
export async function rowAction(page: Page, text: string, action: string): Promise<void> {
  await rowWith(page, text)
    .getByRole("button", { name: /^Actions \d+$/ })
    .click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}
