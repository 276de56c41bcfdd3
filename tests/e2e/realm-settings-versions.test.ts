import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn } from "../support/browser.ts";
import { checkAxeAndShoot, TIMEOUT } from "./realm-settings-support.ts";
import { withFailureShot } from "./organizations-support.ts";

const note = (since: string) => `Keycloak ${since} and later honour this setting; this server runs 23.0.7.`;

describe("realm settings against a server that reports an older Keycloak", () => {
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    server = await startTestServer({ args: ["--report-version", "23.0.7"] });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("says under each newer setting which Keycloak versions honour it", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "realm-settings-versions", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/realm-settings/general`);
      await signIn(page, { username: "admin", password: "admin" });
      const form = page.getByRole("form", { name: "General" });
      const group = (label: string) =>
        form.locator(".pf-v6-c-form__group").filter({ has: page.getByText(label, { exact: true }) });
      await group("Unmanaged Attributes").getByText(note("24.0.0")).waitFor();
      await group("Admin Permissions").getByText(note("26.2.0")).waitFor();
      // Settings every version has carry no note.
      assert.equal(
        await group("User-managed access")
          .getByText(/later honour this setting/)
          .count(),
        0,
      );
      assert.equal(await form.getByText(/later honour this setting/).count(), await form.getByText(/23\.0\.7/).count());
      await checkAxeAndShoot(page, "console", "realm-settings-versions-general");

      await page.getByRole("tab", { name: "Security defenses" }).click();
      await page.getByRole("button", { name: "Brute Force Mode", exact: true }).click();
      await page.getByRole("option", { name: "Lockout permanently after temporary lockout" }).click();
      await page
        .locator(".pf-v6-c-form__group")
        .filter({ has: page.getByText("Maximum temporary lockouts", { exact: true }) })
        .getByText(note("24.0.0"))
        .waitFor();
    });
  });
});
