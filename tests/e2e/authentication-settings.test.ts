import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { markAdminCliAsConsoleClient, screenshot, waitForTable, withFailureShot } from "./organizations-support.ts";
import { eventually } from "../support/eventually.ts";

const TIMEOUT = STEP_TIMEOUT;
const HOST = "kc-authentication-admin";
const AUTH = "/admin/realms/demo/authentication";

interface RequiredAction {
  alias: string;
  name: string;
  enabled: boolean;
  priority: number;
}

/** Required actions and policies through `<kc-authentication-admin>` on a host page with the host's token. */
describe("authentication required actions and policies (element on a host page)", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;
  const requiredActions = async () =>
    ((await (await api(`${AUTH}/required-actions`)).json()) as RequiredAction[]).sort(
      (a, b) => a.priority - b.priority,
    );
  const requiredAction = async (alias: string) =>
    (await requiredActions()).find((action) => action.alias === alias) as
      (RequiredAction & { defaultAction?: boolean }) | undefined;
  const realm = async () => (await (await api("/admin/realms/demo")).json()) as Record<string, unknown>;

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const open = async (theme?: "dark"): Promise<Page> => {
    const { page } = await newPage(browser, theme ? { colorScheme: "dark" } : {});
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/test-elements/authentication.html${theme ? "?theme=dark" : ""}`);
    await waitForTable(page.getByRole("grid", { name: "Authentication flows" }));
    return page;
  };

  const reorderAndDisable = "reorders and disables a required action; both persist";
  it(reorderAndDisable, async () => {
    const page = await open();
    await withFailureShot(page, "authentication-required-actions", async () => {
      await page.getByRole("tab", { name: "Required actions" }).click();
      const table = page.getByRole("grid", { name: "Required actions" });
      await table.getByText("Verify Email").waitFor();
      const before = await requiredActions();
      const second = before.find((action, index) => index > 0 && action.enabled)!;
      const above = before[before.indexOf(second) - 1]!;
      await page.getByRole("button", { name: `Move ${second.name} up` }).click();
      await page.getByText("Updated required action successfully").first().waitFor();
      const moved = await requiredActions();
      const at = moved.findIndex((action) => action.alias === second.alias);
      assert.equal(moved[at + 1]!.alias, above.alias);

      const enabled = page.getByRole("switch", { name: `${second.name} enabled` });
      await page.waitForFunction(() => true);
      await enabled.click({ force: true });
      const disabled = await eventually(
        async () => (await requiredActions()).find((a) => a.alias === second.alias)?.enabled,
        (enabled) => enabled === false,
      );
      assert.equal(disabled, false);
      assert.deepEqual(await seriousAxeViolations(page, HOST), [], "required actions");
      await screenshot(page, "authentication-required-actions");

      await page.getByRole("switch", { name: "Verify Email as default action" }).click({ force: true });
      const verifyEmail = await eventually(
        () => requiredAction("VERIFY_EMAIL"),
        (action) => action?.defaultAction === true,
      );
      assert.equal(verifyEmail?.defaultAction, true);

      await page.getByRole("button", { name: "Configure Configure OTP" }).click();
      const config = page.getByRole("dialog", { name: "Configuration for Configure OTP" });
      await config.getByRole("textbox", { name: "Maximum Age of Authentication" }).fill("600");
      assert.deepEqual(await seriousAxeViolations(page, HOST), [], "required action config");
      await config.getByRole("button", { name: "Save" }).click();
      await page.getByText("Successfully saved the config").waitFor();
      const saved = (await (await api(`${AUTH}/required-actions/CONFIGURE_TOTP/config`)).json()) as {
        config: Record<string, string>;
      };
      assert.equal(saved.config.max_auth_age, "600");
      assert.equal(new URL(page.url()).hash, "", "the element never touches the host's address");
    });
    await page.close();
  });

  it("registers an unregistered required action by switching it on", async () => {
    assert.equal((await api(`${AUTH}/required-actions/delete_account`, { method: "DELETE" })).status, 204);
    const page = await open();
    await withFailureShot(page, "authentication-register-action", async () => {
      await page.getByRole("tab", { name: "Required actions" }).click();
      const enabled = page.getByRole("switch", { name: "Delete Account enabled" });
      await enabled.waitFor();
      assert.equal(await enabled.isChecked(), false);
      await enabled.click({ force: true });
      await page.getByText("Updated required action successfully").first().waitFor();
      assert.ok(await requiredAction("delete_account"), "registered again");
    });
    await page.close();
  });

  it("sets the password policy length(12) and saves the OTP policy", async () => {
    const page = await open();
    await withFailureShot(page, "authentication-policies", async () => {
      await page.getByRole("tab", { name: "Policies" }).click();
      await page.getByRole("tab", { name: "Password policy" }).waitFor();
      await page.getByRole("combobox", { name: "Add policy" }).selectOption("length");
      const length = page.getByRole("spinbutton", { name: "Minimum Length" });
      await length.fill("12");
      assert.deepEqual(await seriousAxeViolations(page, HOST), [], "password policy");
      await screenshot(page, "authentication-password-policy");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Password policies successfully updated").waitFor();
      assert.equal((await realm()).passwordPolicy, "length(12)");

      await page.getByRole("tab", { name: "OTP Policy" }).click();
      await page.getByRole("button", { name: "OTP hash algorithm" }).waitFor();
      await page.getByRole("button", { name: "Number of digits" }).click();
      await page.getByRole("option", { name: "8" }).click();
      await page.getByRole("spinbutton", { name: "OTP Token period" }).fill("45");
      assert.deepEqual(await seriousAxeViolations(page, HOST), [], "otp policy");
      await screenshot(page, "authentication-otp-policy");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("OTP policy successfully updated").waitFor();
      const saved = await realm();
      assert.equal(saved.otpPolicyDigits, 8);
      assert.equal(saved.otpPolicyPeriod, 45);

      for (const [tab, shot] of [
        ["WebAuthn Policy", "webauthn"],
        ["WebAuthn Passwordless Policy", "webauthn-passwordless"],
        ["CIBA Policy", "ciba"],
      ] as const) {
        await page.getByRole("tab", { name: tab }).click();
        await page.getByRole("form", { name: tab }).waitFor();
        assert.deepEqual(await seriousAxeViolations(page, HOST), [], tab);
        await screenshot(page, `authentication-${shot}-policy`);
      }
    });
    await page.close();
  });

  it("has no serious axe violations in the dark theme, flow tree included", async () => {
    const page = await open("dark");
    await withFailureShot(page, "authentication-dark", async () => {
      assert.deepEqual(await seriousAxeViolations(page, HOST), [], "dark flows list");
      await screenshot(page, "authentication-dark-flows");
      await page.getByRole("link", { name: "browser", exact: true }).click();
      await page.getByRole("treegrid", { name: "Steps of browser" }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, HOST), [], "dark flow tree");
      await screenshot(page, "authentication-dark-tree");
      await page.reload();
      await waitForTable(page.getByRole("grid", { name: "Authentication flows" }));
      await page.getByRole("tab", { name: "Required actions" }).click();
      await page.getByRole("grid", { name: "Required actions" }).getByText("Verify Email").waitFor();
      assert.deepEqual(await seriousAxeViolations(page, HOST), [], "dark required actions");
      await screenshot(page, "authentication-dark-required-actions");
      await page.getByRole("tab", { name: "Policies" }).click();
      for (const tab of [
        "Password policy",
        "OTP Policy",
        "WebAuthn Policy",
        "WebAuthn Passwordless Policy",
        "CIBA Policy",
      ]) {
        await page.getByRole("tab", { name: tab }).click();
        await page.getByRole("form", { name: tab }).waitFor();
        assert.deepEqual(await seriousAxeViolations(page, HOST), [], `dark ${tab}`);
      }
      await screenshot(page, "authentication-dark-ciba");
    });
    await page.close();
  });
});
