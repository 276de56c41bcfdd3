import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { chromiumLaunchOptions } from "./chromium-launch.mjs";

/** Launches Debian's Chromium (never a downloaded one): its headless shell when installed. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/**
 * How long one step of an end-to-end test may wait for the page: generous, as CI runs the e2e files beside a real
 * Keycloak and its browser on two cores, where a full-page screenshot once took over 20 s.
 */
export const STEP_TIMEOUT = 45_000;

/** A fresh context (own cookies and storage) and a page in it. */
export async function newPage(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(STEP_TIMEOUT);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Signs in through the server's real login page, by its labels. In a realm with organizations on, both servers ask for
 * the username alone first (identity-first login): then the password comes on the next page.
 */
export async function signIn(
  page: Page,
  { username, password }: { username: string; password: string },
): Promise<void> {
  await page.getByLabel("Username or email").fill(username);
  const passwordField = page.getByLabel("Password", { exact: true });
  if ((await passwordField.count()) === 0) await page.getByRole("button", { name: "Sign In" }).click();
  await passwordField.fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}
