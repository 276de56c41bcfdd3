import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { createRealm, masterAdmin, type Api } from "../support/admin-api.ts";
import { startTarget, type Target } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousPageViolations } from "../support/axe.ts";
import { screenshot, withFailureShot } from "./organizations-support.ts";

const REALM = "sign-up";
// By id: Playwright finds no field by the label "Password" on Keycloak 26.7.3's register page (its label points at
// the field, but the field sits in an input group with a show-password button), so both targets are read alike.
const password = (page: Page) => page.locator("#password");
const confirmation = (page: Page) => page.locator("#password-confirm");
const TIMEOUT = STEP_TIMEOUT;

describe("registration through the login page in Chromium", () => {
  let server: Target;
  let api: Api;
  let browser: Browser;

  before(async () => {
    server = await startTarget({ seedDemo: false });
    api = masterAdmin(server);
    // A real Keycloak may still hold the realms of an earlier run.
    for (const realm of [REALM, "sign-up-terms"]) await api(`/admin/realms/${realm}`, { method: "DELETE" });
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
      await password(page).fill("short");
      await confirmation(page).fill("short");
      await page.getByRole("button", { name: "Register" }).click();

      await page.getByText("Invalid password: minimum length 10.").waitFor();
      assert.equal(await page.getByLabel("Username").inputValue(), "river.song");
      assert.equal(await page.getByLabel("Email").inputValue(), "river@example.com");
      assert.equal(await page.getByLabel("First name").inputValue(), "River");
      assert.equal(await page.getByLabel("Last name").inputValue(), "Song");
      assert.equal(await password(page).inputValue(), "");
      assert.equal(await password(page).getAttribute("aria-invalid"), "true");
      await screenshot(page, "registration-refused");
      assert.deepEqual(await seriousPageViolations(page), []);

      await password(page).fill("long-enough-pass");
      await confirmation(page).fill("long-enough-pass");
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByText("Invalid password: must contain at least 1 numerical digits.").waitFor();

      await password(page).fill("river-2026-pass");
      await confirmation(page).fill("river-2026-pass");
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByRole("heading", { name: "Personal info" }).waitFor();
      assert.equal(await page.locator("#username").inputValue(), "river.song");
      assert.equal(await page.locator("#email").inputValue(), "river@example.com");

      await page.goto(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/logout`);
      await page.getByRole("heading", { name: "Logging out" }).waitFor();
      await page.getByRole("button", { name: "Logout" }).click();
      await page.getByRole("heading", { name: "You are logged out" }).waitFor();
      await page.goto(`${server.baseUrl}/realms/${REALM}/account`);
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
      await password(page).fill("amy-pond-2026");
      await confirmation(page).fill("amy-pond-2026");
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByText("You must agree to our terms and conditions.").waitFor();
      const agree = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
      assert.equal(await agree.getAttribute("aria-invalid"), "true");
      assert.equal(await page.getByLabel("Username").inputValue(), "amy.pond", "what was typed stays");
      await screenshot(page, "registration-terms-refused");
      assert.deepEqual(await seriousPageViolations(page), []);
      await password(page).fill("amy-pond-2026");
      await confirmation(page).fill("amy-pond-2026");
      await agree.check();
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByRole("heading", { name: "Personal info" }).waitFor();
    });
    await context.close();
  });
});
