import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { createRealm, startAdminServer, type Api } from "../support/admin-api.ts";
import type { TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn } from "../support/browser.ts";
import { seriousPageViolations } from "../support/axe.ts";
import { screenshot, withFailureShot } from "./organizations-support.ts";

const REALM = "sign-up";
const TIMEOUT = 20_000;

describe("registration through the login page in Chromium", () => {
  let server: TestServer;
  let api: Api;
  let browser: Browser;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM, {
      displayName: "Sign-up realm",
      registrationAllowed: true,
      passwordPolicy: "length(10) and digits(1)",
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  test("a new user registers from the account page's sign-in, is refused a weak password, then signs in again", async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "registration", async () => {
      await page.goto(`${server.baseUrl}/realms/${REALM}/account`);
      await page.getByRole("heading", { name: "Sign in to your account" }).waitFor();
      await page.getByRole("link", { name: "Register" }).click();
      await page.getByRole("heading", { name: "Register" }).waitFor();
      assert.ok(page.url().includes(`/realms/${REALM}/login-actions/registration?`));
      await screenshot(page, "registration-page");
      assert.deepEqual(await seriousPageViolations(page), []);

      await page.getByLabel("Username").fill("river.song");
      await page.getByLabel("Email").fill("river@example.com");
      await page.getByLabel("First name").fill("River");
      await page.getByLabel("Last name").fill("Song");
      await page.getByLabel(/^Password/).fill("short");
      await page.getByLabel("Confirm password").fill("short");
      await page.getByRole("button", { name: "Register" }).click();

      await page.getByText("Invalid password: minimum length 10.").waitFor();
      assert.equal(await page.getByLabel("Username").inputValue(), "river.song");
      assert.equal(await page.getByLabel("Email").inputValue(), "river@example.com");
      assert.equal(await page.getByLabel("First name").inputValue(), "River");
      assert.equal(await page.getByLabel("Last name").inputValue(), "Song");
      assert.equal(await page.getByLabel(/^Password/).inputValue(), "");
      assert.equal(await page.getByLabel(/^Password/).getAttribute("aria-invalid"), "true");
      await screenshot(page, "registration-refused");
      assert.deepEqual(await seriousPageViolations(page), []);

      await page.getByLabel(/^Password/).fill("long-enough-pass");
      await page.getByLabel("Confirm password").fill("long-enough-pass");
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByText("Invalid password: must contain at least 1 numerical digits.").waitFor();

      await page.getByLabel(/^Password/).fill("river-2026-pass");
      await page.getByLabel("Confirm password").fill("river-2026-pass");
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByRole("heading", { name: "Personal info" }).waitFor();
      assert.equal(await page.locator("#username").inputValue(), "river.song");
      assert.equal(await page.locator("#email").inputValue(), "river@example.com");

      await page.getByRole("link", { name: "Sign out" }).click();
      await page.getByRole("heading", { name: "Logging out" }).waitFor();
      await page.getByRole("button", { name: "Logout" }).click();
      await page.getByRole("heading", { name: "Sign in to your account" }).waitFor();
      await signIn(page, { username: "river.song", password: "river-2026-pass" });
      await page.getByRole("heading", { name: "Personal info" }).waitFor();
      assert.equal(await page.locator("#firstName").inputValue(), "River");
    });
    await context.close();
  });
  test("with the registration flow's terms step on, the page asks to agree and refuses until the box is ticked", async () => {
    const realm = "sign-up-terms";
    await createRealm(api, realm, { registrationAllowed: true });
    const executions = (await (
      await api(`/admin/realms/${realm}/authentication/flows/registration/executions`)
    ).json()) as { id: string; providerId?: string; requirement?: string; level: number; index: number }[];
    const terms = executions.find((e) => e.providerId === "registration-terms-and-conditions")!;
    const updated = await api(`/admin/realms/${realm}/authentication/flows/registration/executions`, {
      method: "PUT",
      body: { ...terms, requirement: "REQUIRED" },
    });
    assert.equal(updated.status, 204, await updated.text());
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "registration-terms", async () => {
      await page.goto(`${server.baseUrl}/realms/${realm}/account`);
      await page.getByRole("link", { name: "Register" }).click();
      await page.getByRole("heading", { name: "Register" }).waitFor();
      await page.getByText("Terms and conditions to be defined").waitFor();
      await page.getByLabel("Username").fill("amy.pond");
      await page.getByLabel("Email").fill("amy@example.com");
      await page.getByLabel("First name").fill("Amy");
      await page.getByLabel("Last name").fill("Pond");
      await page.getByLabel(/^Password/).fill("amy-pond-2026");
      await page.getByLabel("Confirm password").fill("amy-pond-2026");
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByText("You must agree to our terms and conditions.").waitFor();
      const agree = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
      assert.equal(await agree.getAttribute("aria-invalid"), "true");
      assert.equal(await page.getByLabel("Username").inputValue(), "amy.pond", "what was typed stays");
      await screenshot(page, "registration-terms-refused");
      assert.deepEqual(await seriousPageViolations(page), []);
      await page.getByLabel(/^Password/).fill("amy-pond-2026");
      await page.getByLabel("Confirm password").fill("amy-pond-2026");
      await agree.check();
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByRole("heading", { name: "Personal info" }).waitFor();
    });
    await context.close();
  });
});
