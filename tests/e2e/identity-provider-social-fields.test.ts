import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken } from "../support/server.ts";
import { startTarget, type Target } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { screenshot, withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const IDPS = "/admin/realms/demo/identity-provider/instances";

interface Provider {
  alias: string;
  config: Record<string, string>;
}

/**
 * Social providers' own settings come from the server's info (componentTypes of SocialIdentityProvider), as Keycloak's
 * console shows them: Google's hosted domain and refresh-token switch, Stack Overflow's key. Filled, saved, read back.
 */
describe("social identity providers' own fields", () => {
  let server: Target;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTarget();
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const saved = async (alias: string) => ((await (await api(`${IDPS}/${alias}`)).json()) as Provider).config;

  async function addProvider(page: Page, providerId: string, heading: string) {
    await page.evaluate((id) => (location.hash = `#/demo/identity-providers/${id}/add`), providerId);
    await page.getByRole("heading", { name: heading }).waitFor();
    await page.getByRole("textbox", { name: "Client ID" }).fill(`${providerId}-client`);
    await page.getByLabel("Client Secret").fill(`${providerId}-secret`);
  }

  it("adds Google with a hosted domain and a refresh token, and Stack Overflow with its key; both read back", async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "idp-social-fields", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/`);
      await signIn(page, server.admin);
      await page.getByTestId("dashboard-title").waitFor();

      await addProvider(page, "google", "Add Google provider");
      await page.getByRole("textbox", { name: "Hosted Domain" }).fill("example.com");
      const refreshToken = page.getByRole("switch", { name: "Request refresh token" });
      await refreshToken.focus();
      await page.keyboard.press("Space");
      assert.equal(await refreshToken.isChecked(), true);
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "Google add form");
      await screenshot(page, "idp-social-google");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
      const google = await saved("google");
      assert.equal(google.hostedDomain, "example.com");
      assert.equal(google.offlineAccess, "true");
      assert.equal(google.jwtAuthorizationGrantMaxAllowedAssertionExpiration, "3600", "a number default, as a string");
      assert.equal(await page.getByRole("textbox", { name: "Hosted Domain" }).inputValue(), "example.com");
      assert.equal(await page.getByRole("switch", { name: "Request refresh token" }).isChecked(), true);

      await addProvider(page, "stackoverflow", "Add StackOverflow provider");
      await page.getByRole("textbox", { name: "Key", exact: true }).fill("so-key-123");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
      assert.equal((await saved("stackoverflow")).key, "so-key-123");

      // Edited on the settings page and saved again.
      await page.getByRole("textbox", { name: "Key", exact: true }).fill("so-key-456");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Provider successfully updated").waitFor();
      assert.equal((await saved("stackoverflow")).key, "so-key-456");
    });
    await context.close();
  });
});
