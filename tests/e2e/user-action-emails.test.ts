import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { screenshot, withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const REALM = "/admin/realms/demo";
const linkOf = (text: string) => /(http\S+login-actions\/action-token\S+)/.exec(text)![1]!;

/** The users area's mail actions (send verify email, credential reset) with a real SMTP sink and the mailed links. */
describe("users: action emails", () => {
  let server: TestServer;
  let browser: Browser;
  let sink: SmtpSink;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTarget();
    browser = await launchBrowser();
    sink = await startSmtpSink();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
  });
  after(async () => {
    await api?.(REALM, { method: "PUT", body: { smtpServer: {} } });
    await browser?.close();
    await sink?.close();
    await server?.dispose();
  });

  const createUser = async (username: string, extra: Record<string, unknown> = {}): Promise<string> => {
    const res = await api(`${REALM}/users`, {
      method: "POST",
      body: { username, email: `${username}@example.com`, firstName: "Mai", lastName: "Led", enabled: true, ...extra },
    });
    assert.equal(res.status, 201, await res.text());
    return res.headers.get("location")!.split("/").pop()!;
  };
  const userOf = async (id: string) =>
    (await (await api(`${REALM}/users/${id}`)).json()) as { emailVerified?: boolean; requiredActions?: string[] };

  async function signInToConsole(page: Page) {
    await page.goto(`${server.baseUrl}/admin/master/console/`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
  }

  async function openUser(page: Page, id: string, username: string, tab = "settings") {
    await page.goto(`${server.baseUrl}/admin/master/console/#/demo/users/${id}/${tab}`);
    await page.getByRole("heading", { level: 1, name: username }).waitFor();
  }

  /** The console element's theme switched at run time (the `theme` attribute), as an embedding page does. */
  const useDarkTheme = async (page: Page) => {
    await page.evaluate(() => document.querySelector("kc-admin-console")!.setAttribute("theme", "dark"));
    await page.waitForFunction(() =>
      document
        .querySelector("kc-admin-console")
        ?.shadowRoot?.querySelector(".kc-element-root")
        ?.classList.contains("pf-v6-theme-dark"),
    );
  };

  const chooseHeaderAction = async (page: Page, name: string) => {
    await page.getByRole("button", { name: "Actions", exact: true }).click();
    await page.getByRole("menuitem", { name }).click();
  };

  it("sends the verification mail from the user's actions; its link verifies the address", async () => {
    const id = await createUser("verify-me", { emailVerified: false });
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "user-verify-email", async () => {
      await api(REALM, { method: "PUT", body: { smtpServer: {} } });
      await signInToConsole(page);
      await openUser(page, id, "verify-me");
      // Without the realm's SMTP settings the server refuses, and the console says so.
      await chooseHeaderAction(page, "Send verify email");
      await page.getByText(/Could not send the verification email: .+/).waitFor();
      await screenshot(page, "user-verify-email-error");

      await api(REALM, { method: "PUT", body: { smtpServer: sink.settings() } });
      await chooseHeaderAction(page, "Send verify email");
      await page.getByText("Verification email sent to verify-me@example.com.").waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "user details with alert");
      await screenshot(page, "user-verify-email-sent");
      const mail = await sink.waitFor((m) => m.recipients.includes("verify-me@example.com"));
      assert.equal(mail.subject, "Verify email");

      await page.goto(linkOf(mail.text));
      await page.getByRole("heading", { name: "Email address validation" }).waitFor();
      await page.getByText("Confirm validity of e-mail address verify-me@example.com.").waitFor();
      assert.equal((await userOf(id)).emailVerified, false, "opening the link alone verifies nothing");
      await page.getByRole("link", { name: /Click here to proceed/ }).click();
      await page.getByRole("heading", { name: "Account updated" }).waitFor();
      assert.equal((await userOf(id)).emailVerified, true);

      await openUser(page, id, "verify-me");
      await page.getByRole("button", { name: "Actions", exact: true }).click();
      await page.getByRole("menuitem", { name: "Delete user" }).waitFor();
      assert.equal(
        await page.getByRole("menuitem", { name: "Send verify email" }).count(),
        0,
        "a verified address offers no verification mail",
      );
      await page.keyboard.press("Escape");
    });
    await page.context().close();
  });

  it("credential reset in the dark: the mailed link runs Update Password and the new password signs in", async () => {
    const id = await createUser("reset-me", {
      emailVerified: true,
      credentials: [{ type: "password", value: "old-Password-1", temporary: false }],
    });
    await api(REALM, { method: "PUT", body: { smtpServer: sink.settings() } });
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "user-credential-reset", async () => {
      await signInToConsole(page);
      await useDarkTheme(page);
      await openUser(page, id, "reset-me", "credentials");
      await page.getByRole("button", { name: "Credential Reset" }).click();
      const dialog = page.getByRole("dialog", { name: "Credentials Reset" });
      await dialog.waitFor();
      await dialog.getByLabel("Reset Actions").click();
      await page.getByRole("checkbox", { name: "Update Password" }).click();
      await dialog.getByRole("heading", { name: "Credentials Reset" }).click();
      await page.getByRole("checkbox", { name: "Update Password" }).waitFor({ state: "hidden" });
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "credential reset dialog");
      await screenshot(page, "user-credential-reset-dialog-dark");
      await dialog.getByRole("button", { name: "Send Email" }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByText("Email sent to user.").waitFor();

      const mail = await sink.waitFor((m) => m.recipients.includes("reset-me@example.com"));
      assert.equal(mail.subject, "Update Your Account");
      assert.match(mail.text, /Update Password/);
      assert.match(mail.text, /This link will expire within 12 hours\./);
      await page.goto(linkOf(mail.text));
      await page.getByRole("heading", { name: "Perform the following action(s)" }).waitFor();
      await page.getByRole("link", { name: /Click here to proceed/ }).click();
      await page.getByLabel("New Password").fill("new-Password-2");
      await page.getByLabel("Confirm password").fill("new-Password-2");
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByRole("heading", { name: "Account updated" }).waitFor();
      await screenshot(page, "user-credential-reset-done-dark");
    });
    await page.context().close();
    const token = await fetch(`${server.baseUrl}/realms/demo/protocol/openid-connect/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "admin-cli",
        username: "reset-me",
        password: "new-Password-2",
      }),
    });
    assert.equal(token.status, 200, "the new password signs in");
  });
});
