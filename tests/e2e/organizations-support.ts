import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { updateAdminCli, type Api } from "../support/admin-api.ts";

/** Saves a screenshot under $SCREENSHOT_DIR (nothing without it). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/** Runs a scenario; when it fails, saves a screenshot `<name>-failure` first. */
export async function withFailureShot(page: Page, name: string, scenario: () => Promise<void>): Promise<void> {
  try {
    await scenario();
  } catch (error) {
    await screenshot(page, `${name}-failure`);
    throw error;
  }
}

/** Waits until a data table shows rows (or one of its empty/no-results states). */
export async function waitForTable(table: Locator): Promise<void> {
  await table.locator("tbody tr").first().waitFor();
}

/**
 * Who-am-I answers only tokens of security-admin-console or of a client marked
 * `security.admin.console` (as Keycloak does): the test pages take admin-cli tokens, so mark it.
 */
export async function markAdminCliAsConsoleClient(api: Api, realm: string): Promise<void> {
  await updateAdminCli(api, realm, { attributes: { "security.admin.console": "true" } });
}
