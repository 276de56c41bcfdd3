import { readFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Locator, Page } from "playwright-core";

const AXE_SOURCE = readFileSync(resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core on `innerSelector` inside the shadow root of the first element matching
 * `hostSelector` (the whole mount root by default, overlays included) and returns the serious and
 * critical violations.
 */
export async function seriousAxeViolations(page: Page, hostSelector: string, innerSelector = ".kc-element-root"): Promise<string[]> {
  // Let colour transitions (PatternFly animates hover and enabled states) finish before measuring contrast.
  await page.waitForTimeout(500);
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async ([selector, inner]) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const host = document.querySelector(selector);
    if (!host?.shadowRoot) throw new Error(`no shadow root at ${selector}`);
    const result = await axe.run({ include: [{ fromShadowDom: [selector, inner] }] }, { resultTypes: ["violations"] });
    return result.violations;
  }, [hostSelector, innerSelector] as const);
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.slice(0, 3).map((node) => node.target))}`);
}

/** Saves a screenshot under $SCREENSHOT_DIR (nothing without it). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/** Waits until a data table shows rows (or one of its empty/no-results states). */
export async function waitForTable(table: Locator): Promise<void> {
  await table.locator("tbody tr").first().waitFor();
}

/**
 * Who-am-I answers only tokens of security-admin-console or of a client marked
 * `security.admin.console` (as Keycloak does): the test pages take admin-cli tokens, so mark it.
 */
export async function markAdminCliAsConsoleClient(api: (path: string, init?: { method?: string; body?: unknown }) => Promise<Response>, realm: string): Promise<void> {
  const [client] = (await (await api(`/admin/realms/${realm}/clients?clientId=admin-cli`)).json()) as { id: string; attributes?: Record<string, string> }[];
  const response = await api(`/admin/realms/${realm}/clients/${client.id}`, {
    method: "PUT",
    body: { ...client, attributes: { ...client.attributes, "security.admin.console": "true" } },
  });
  if (!response.ok) throw new Error(`marking admin-cli failed: ${response.status} ${await response.text()}`);
}
