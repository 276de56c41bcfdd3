import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Locator, Page } from "playwright-core";
import { adminFetch, adminToken } from "../support/server.ts";

/** A public master-realm client that who-am-I accepts (like security-admin-console) and that allows the password grant, for the standalone element pages. */
export const EMBEDDED_ADMIN_CLIENT = "e2e-embedded-admin";

export type AdminApi = ReturnType<typeof adminFetch>;

export async function adminApi(baseUrl: string): Promise<AdminApi> {
  return adminFetch(baseUrl, await adminToken(baseUrl));
}

export async function createEmbeddedAdminClient(api: AdminApi, realm = "master"): Promise<void> {
  const response = await api(`/admin/realms/${realm}/clients`, {
    method: "POST",
    body: { clientId: EMBEDDED_ADMIN_CLIENT, publicClient: true, directAccessGrantsEnabled: true, standardFlowEnabled: false, attributes: { "security.admin.console": "true" } },
  });
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
  await rowWith(page, text).getByRole("button", { name: /^Actions \d+$/ }).click();
  await page.getByRole("menuitem", { name: action, exact: true }).click();
}

const AXE_SOURCE = readFileSync(resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"), "utf8");

/** Serious and critical axe-core violations inside the element's shadow root. */
export async function seriousViolations(page: Page, tag: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (selector) => {
    const host = document.querySelector(selector);
    if (!host?.shadowRoot) throw new Error(`no shadow root on ${selector} at ${location.href}: ${document.body.innerHTML.slice(0, 300)}`);
    const root = host.shadowRoot.querySelector(".kc-element-root")!;
    type Axe = { run(context: Element, options: object): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
    const result = await (window as unknown as { axe: Axe }).axe.run(root, { resultTypes: ["violations"] });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.nodes.length})`);
  }, tag);
}
