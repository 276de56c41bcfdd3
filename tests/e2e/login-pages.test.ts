import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { createClient, createRealm, createUser, startAdminServer, type Api } from "../support/admin-api.ts";
import type { TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn } from "../support/browser.ts";
import { seriousPageViolations } from "../support/axe.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { fromBase32, totp } from "../support/otp.ts";
import { screenshot, withFailureShot } from "./organizations-support.ts";

const REALM = "login-pages";

describe("login pages in Chromium: OTP, authenticator setup, profile, email verification, terms", () => {
  let server: TestServer;
  let api: Api;
  let sink: SmtpSink;
  let browser: Browser;
  let landing: string;

  before(async () => {
    sink = await startSmtpSink();
    ({ server, api } = await startAdminServer());
    landing = `${server.baseUrl}/health/ready`;
    await createRealm(api, REALM, { displayName: "Northwind", smtpServer: sink.settings() });
    await createClient(api, REALM, { clientId: "app", publicClient: true, redirectUris: [`${server.baseUrl}/*`] });
    const terms = await api(`/admin/realms/${REALM}/authentication/required-actions/TERMS_AND_CONDITIONS`);
    await api(`/admin/realms/${REALM}/authentication/required-actions/TERMS_AND_CONDITIONS`, {
      method: "PUT",
      body: { ...(await terms.json()), enabled: true },
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
    await sink?.close();
  });

  const user = (username: string, extra: Record<string, unknown>) =>
    createUser(api, REALM, username, {
      email: `${username}@example.com`,
      emailVerified: true,
      firstName: "Alex",
      lastName: "Kim",
      credentials: [{ type: "password", value: "password" }],
      ...extra,
    });

  async function startLogin(page: Page, username: string) {
    const query = new URLSearchParams({
      client_id: "app",
      redirect_uri: landing,
      response_type: "code",
      scope: "openid",
    });
    await page.goto(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/auth?${query}`);
    await signIn(page, { username, password: "password" });
  }

  const landed = (page: Page) => page.waitForURL((url) => url.pathname === "/health/ready");

  async function checkPage(page: Page, name: string) {
    await screenshot(page, name);
    assert.deepEqual(await seriousPageViolations(page), [], name);
  }

  test("CONFIGURE_TOTP, then the OTP page with a wrong and a right code", async () => {
    const { page, context } = await newPage(browser);
    await withFailureShot(page, "login-otp", async () => {
      await user("setup-otp", { requiredActions: ["CONFIGURE_TOTP"] });
      await startLogin(page, "setup-otp");
      await page.getByRole("heading", { name: "Mobile Authenticator Setup" }).waitFor();
      assert.ok(await page.getByRole("img", { name: "Figure: Barcode" }).isVisible());
      await checkPage(page, "login-configure-totp");
      await page.getByRole("link", { name: "Unable to scan?" }).click();
      const secret = fromBase32(await page.locator("#kc-totp-secret-key").innerText());
      await page.getByRole("link", { name: "Scan barcode?" }).waitFor();
      await page.getByLabel("One-time code").fill(totp(secret));
      await page.getByLabel("Device Name").fill("Work phone");
      await page.getByRole("button", { name: "Submit" }).click();
      await landed(page);

      await context.clearCookies();
      await startLogin(page, "setup-otp");
      await page.getByLabel("One-time code").waitFor();
      await checkPage(page, "login-otp");
      await page.getByLabel("One-time code").fill("000000");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByText("Invalid authenticator code.").waitFor();
      await checkPage(page, "login-otp-error");
      await page.getByLabel("One-time code").fill(totp(secret, 1));
      await page.keyboard.press("Enter");
      await landed(page);
    });
    await context.close();
  });

  test("UPDATE_EMAIL: a taken address is refused, then the confirmation mail's link sets the new one", async () => {
    const actionUrl = `/admin/realms/${REALM}/authentication/required-actions/UPDATE_EMAIL`;
    const action = await (await api(actionUrl)).json();
    await api(actionUrl, { method: "PUT", body: { ...action, enabled: true } });
    // "Force Email Verification": the new address is confirmed by mail without the whole realm verifying email
    await api(`${actionUrl}/config`, { method: "PUT", body: { config: { verifyEmail: "true" } } });
    const { page, context } = await newPage(browser);
    try {
      await withFailureShot(page, "login-update-email", async () => {
        await user("taken-address", {});
        const id = await user("moving", { requiredActions: ["UPDATE_EMAIL"] });
        await startLogin(page, "moving");
        await page.getByRole("heading", { name: "Update email" }).waitFor();
        const email = page.getByRole("textbox", { name: "Email" });
        assert.equal(await email.inputValue(), "moving@example.com");
        await checkPage(page, "login-update-email");
        await email.fill("taken-address@example.com");
        await page.getByRole("button", { name: "Submit" }).click();
        await page.getByText("Email already exists.").waitFor();
        await checkPage(page, "login-update-email-taken");
        await page.getByRole("textbox", { name: "Email" }).fill("moved@example.com");
        await page.getByRole("button", { name: "Submit" }).click();
        await page.getByRole("heading", { name: "Confirmation email sent" }).waitFor();
        await page.getByText("A confirmation email has been sent to moved@example.com.", { exact: false }).waitFor();
        const mail = await sink.waitFor((m) => m.recipients.includes("moved@example.com"));
        assert.equal(mail.subject, "Verify new email");
        const link = /(http:\/\/\S+\/login-actions\/action-token\?\S+)/.exec(mail.text)![1]!;
        await page.goto(link);
        await page.getByRole("heading", { name: "Email updated" }).waitFor();
        await page.getByText("The account email has been successfully updated to moved@example.com.").waitFor();
        await checkPage(page, "login-email-updated");
        const stored = await (await api(`/admin/realms/${REALM}/users/${id}`)).json();
        assert.equal(stored.email, "moved@example.com");
        assert.equal(stored.emailVerified, true);
      });
    } finally {
      await context.close();
      await api(`${actionUrl}/config`, { method: "DELETE" });
      await api(actionUrl, { method: "PUT", body: { ...action, enabled: false } });
    }
  });

  test("UPDATE_PROFILE, VERIFY_EMAIL and terms, one after the other in the realm's order", async () => {
    const { page, context } = await newPage(browser);
    await withFailureShot(page, "login-actions", async () => {
      await user("many-actions", {
        firstName: undefined,
        lastName: undefined,
        emailVerified: false,
        requiredActions: ["TERMS_AND_CONDITIONS", "UPDATE_PROFILE", "VERIFY_EMAIL"],
      });
      await startLogin(page, "many-actions");
      await page.getByRole("heading", { name: "Terms and Conditions" }).waitFor();
      await checkPage(page, "login-terms");
      await page.getByRole("button", { name: "Accept" }).click();

      await page.getByRole("heading", { name: "Update Account Information" }).waitFor();
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByText("Please specify this field.").first().waitFor();
      await checkPage(page, "login-update-profile-errors");
      await page.getByLabel("First name").fill("Robin");
      await page.getByLabel("Last name").fill("Diaz");
      await checkPage(page, "login-update-profile");
      await page.getByRole("button", { name: "Submit" }).click();

      await page.getByRole("heading", { name: "Email verification" }).waitFor();
      await checkPage(page, "login-verify-email");
      const mail = await sink.waitFor((m) => m.recipients.includes("many-actions@example.com"));
      const link = /(http:\/\/\S+\/login-actions\/action-token\?\S+)/.exec(mail.text)![1]!;
      await page.goto(link);
      await landed(page);
    });
    await context.close();
  });
  test("VERIFY_PROFILE: a user without names completes the profile before signing in", async () => {
    const id = await user("unfinished", { firstName: undefined, lastName: undefined });
    const { page, context } = await newPage(browser);
    await withFailureShot(page, "login-verify-profile", async () => {
      await startLogin(page, "unfinished");
      await page.getByRole("heading", { name: "Update Account Information" }).waitFor();
      assert.equal(await page.getByLabel("Email").inputValue(), "unfinished@example.com");
      assert.equal(await page.getByText("Please specify this field.").count(), 2, "first and last name are marked");
      await checkPage(page, "login-verify-profile");
      await page.getByLabel("First name").fill("Uma");
      await page.getByLabel("Last name").fill("Finch");
      await page.getByRole("button", { name: "Submit" }).click();
      await landed(page);
    });
    await context.close();
    const stored = (await (await api(`/admin/realms/${REALM}/users/${id}`)).json()) as Record<string, unknown>;
    assert.equal(stored.firstName, "Uma");
    assert.equal(stored.lastName, "Finch");
  });

  test("recovery codes: set up (download, confirm), then a sign-in with code #1 as the alternative to OTP", async () => {
    const flows = `/admin/realms/${REALM}/authentication/flows`;
    await api(`${flows}/browser/copy`, { method: "POST", body: { newName: "browser with recovery codes" } });
    const executions = (await (
      await api(`${flows}/${encodeURIComponent("browser with recovery codes")}/executions`)
    ).json()) as { providerId?: string }[];
    const recovery = executions.find((e) => e.providerId === "auth-recovery-authn-code-form");
    await api(`${flows}/${encodeURIComponent("browser with recovery codes")}/executions`, {
      method: "PUT",
      body: { ...recovery, requirement: "ALTERNATIVE" },
    });
    await api(`/admin/realms/${REALM}`, { method: "PUT", body: { browserFlow: "browser with recovery codes" } });
    await user("recovering", { requiredActions: ["CONFIGURE_RECOVERY_AUTHN_CODES"] });
    const { page, context } = await newPage(browser);
    await withFailureShot(page, "login-recovery-codes", async () => {
      await startLogin(page, "recovering");
      await page.getByRole("heading", { name: "Recovery Authentication Codes" }).waitFor();
      const codes = await page.locator("#kc-recovery-codes-list li").allInnerTexts();
      assert.equal(codes.length, 12, "12 codes shown");
      const complete = page.getByRole("button", { name: "Complete setup" });
      assert.ok(await complete.isDisabled(), "Complete setup waits for the confirmation");
      await checkPage(page, "login-recovery-codes-setup");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download" }).click(),
      ]);
      assert.equal(download.suggestedFilename(), "kc-download-recovery-codes.txt");
      const saved = await readFile((await download.path())!, "utf8");
      assert.ok(
        saved.includes(`1: ${codes[0]}`) && saved.includes(`12: ${codes[11]}`),
        `the file lists them: ${saved}`,
      );
      await page.getByLabel("I have saved these codes somewhere safe").check();
      await complete.click();
      await landed(page);

      await context.clearCookies();
      await startLogin(page, "recovering");
      await page.getByLabel("Recovery code #1").fill(codes[1]!);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByText("Invalid recovery authentication code").waitFor();
      await checkPage(page, "login-recovery-code-error");
      await page.getByLabel("Recovery code #1").fill(codes[0]!);
      await page.keyboard.press("Enter");
      await landed(page);

      await user("two-ways", {
        credentials: [
          { type: "password", value: "password" },
          {
            type: "otp",
            userLabel: "Phone",
            secretData: JSON.stringify({ value: "12345678901234567890" }),
            credentialData: JSON.stringify({
              subType: "totp",
              digits: 6,
              counter: 0,
              period: 30,
              algorithm: "HmacSHA1",
            }),
          },
          {
            type: "recovery-authn-codes",
            userLabel: "Recovery codes",
            secretData: JSON.stringify({
              codes: ["TWOWAYSCODE1", "TWOWAYSCODE2"].map((code, i) => ({
                number: i + 1,
                encodedHashedValue: createHash("sha512").update(code).digest("base64"),
              })),
            }),
            credentialData: JSON.stringify({ algorithm: "SHA-512", totalCodes: 2, remainingCodes: 2 }),
          },
        ],
      });
      await context.clearCookies();
      await startLogin(page, "two-ways");
      await page.getByLabel("One-time code").waitFor();
      await page.getByRole("button", { name: "Try Another Way" }).click();
      await page.getByRole("heading", { name: "Select login method" }).waitFor();
      await checkPage(page, "login-select-authenticator");
      await page.getByRole("button", { name: /^Recovery Authentication Code/ }).click();
      await page.getByLabel("Recovery code #1").fill("TWOWAYSCODE1");
      await page.keyboard.press("Enter");
      await landed(page);
    });
    await context.close();
  });
});
