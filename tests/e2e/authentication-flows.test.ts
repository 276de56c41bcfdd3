import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { fromBase32, totp } from "../support/otp.ts";
import { markAdminCliAsConsoleClient, screenshot, waitForTable, withFailureShot } from "./organizations-support.ts";
import { eventually } from "../support/eventually.ts";

const TIMEOUT = STEP_TIMEOUT;
const HOST = "kc-admin-console";
const INNER = "main";
const AUTH = "/admin/realms/demo/authentication";
const PASSWORD = "Sixteen-chars-ok";
const OTP_SIGN_IN =
  "signs in through the bound flow: OTP set up by CONFIGURE_TOTP, then asked for, a wrong code refused";
const SHORT_PASSWORD = "refuses a short password in the reset-password dialog once the policy says length(12)";
const DEFAULT_ACTION = "makes Terms and Conditions a default action that a new user meets at the next sign-in";

interface ExecutionInfo {
  id: string;
  displayName: string;
  providerId?: string;
  requirement: string;
  level: number;
  index: number;
  authenticationFlow?: boolean;
}

describe("authentication flows in the console", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof adminFetch>;
  const console = (hash: string) => `${server.baseUrl}/admin/master/console/#/demo/${hash}`;
  const noSeriousViolations = async (what: string) =>
    assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], what);
  const executions = async (alias: string) =>
    (await (await api(`${AUTH}/flows/${encodeURIComponent(alias)}/executions`)).json()) as ExecutionInfo[];
  /** The row of the step tree whose first cell names the step. */
  const treeRow = (name: string) =>
    page
      .getByRole("treegrid")
      .getByRole("row")
      .filter({ has: page.getByRole("gridcell", { name, exact: false }) })
      .last();
  const focusedRowText = () =>
    page.evaluate(() => {
      let active: Element | null = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.getAttribute("role") === "row" ? (active.querySelector("td")?.textContent ?? "") : "";
    });

  /** Polls a reading until it passes: the tree re-renders after a key press. */
  const settled = (read: () => Promise<string | null>, passes: (value: string) => boolean) =>
    eventually(async () => (await read()) ?? "", passes, { timeoutMs: 5_000 });
  const expectFocusedRow = async (pattern: RegExp) =>
    assert.match(await settled(focusedRowText, (text) => pattern.test(text)), pattern);
  const expectExpanded = async (name: string, expanded: "true" | "false") =>
    assert.equal(
      await settled(
        () => treeRow(name).getAttribute("aria-expanded"),
        (value) => value === expanded,
      ),
      expanded,
    );

  /** Focuses the row, then tabs through its controls to the button with this label. */
  const tabToButton = async (row: ReturnType<typeof treeRow>, label: string) => {
    await row.focus();
    for (let presses = 0; presses < 12; presses++) {
      const reached = await page.evaluate((wanted) => {
        let active: Element | null = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return active?.getAttribute("aria-label") === wanted;
      }, label);
      if (reached) return;
      await page.keyboard.press("Tab");
    }
    assert.fail(`no "${label}" within 12 tabs of its row`);
  };
  /** The provider ids of the steps in the "otp check" sub-flow, in order. */
  const otpCheckSteps = (built: ExecutionInfo[]) => {
    const at = built.findIndex((e) => e.displayName === "otp check");
    const level = built[at]!.level;
    const end = built.findIndex((e, i) => i > at && e.level <= level);
    return built
      .slice(at + 1, end < 0 ? undefined : end)
      .filter((e) => e.level === level + 1)
      .map((e) => e.providerId);
  };

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
    const created = await api(`${AUTH}/flows`, {
      method: "POST",
      body: { alias: "spa browser", description: "Only for the SPA", providerId: "basic-flow", topLevel: true },
    });
    assert.equal(created.status, 201);
    const flowId = created.headers.get("location")!.split("/").pop()!;
    const [spa] = (await (await api("/admin/realms/demo/clients?clientId=spa")).json()) as Record<string, unknown>[];
    const bound = await api(`/admin/realms/demo/clients/${spa!.id}`, {
      method: "PUT",
      body: { ...spa, authenticationFlowBindingOverrides: { browser: flowId } },
    });
    assert.equal(bound.status, 204);
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/admin/master/console/`);
    await signIn(page, { username: "admin", password: "admin" });
    await page.getByTestId("dashboard-title").waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("duplicates the browser flow, builds a conditional OTP sub-flow with the keyboard only and binds it", async () => {
    await withFailureShot(page, "authentication-flows", async () => {
      await page.goto(console("authentication"));
      const list = page.getByRole("grid", { name: "Authentication flows" });
      await waitForTable(list);
      await list.getByText("Bound as browser flow").waitFor();
      await list
        .getByRole("row", { name: /^spa browser/ })
        .getByText("Clients: spa")
        .waitFor();
      await list
        .getByRole("row", { name: /^registration/ })
        .getByText("Built-in")
        .waitFor();
      await noSeriousViolations("flows list");
      await screenshot(page, "authentication-flows-list");

      await list
        .getByRole("row", { name: /^browser/ })
        .getByRole("button", { name: /^Actions/ })
        .click();
      await page.getByRole("menuitem", { name: "Duplicate" }).click();
      const duplicate = page.getByRole("dialog", { name: "Duplicate flow" });
      await duplicate.getByRole("textbox", { name: "Name" }).fill("browser with otp");
      await duplicate.getByRole("button", { name: "Duplicate" }).click();
      await page.getByRole("heading", { level: 1, name: "browser with otp" }).waitFor();
      const tree = page.getByRole("treegrid", { name: "Steps of browser with otp" });
      await tree.waitFor();

      // Keyboard only from here. The OTP sub-flow goes inside "forms", after the password form, where Keycloak's own
      // copy has its "Conditional 2FA" (a CONDITIONAL step beside the top level's ALTERNATIVEs would switch them off).
      await tabToButton(treeRow("browser with otp forms"), "Add sub-flow to browser with otp forms");
      await page.keyboard.press("Enter");
      const subFlowDialog = page.getByRole("dialog", { name: "Add sub-flow to browser with otp forms" });
      await subFlowDialog.waitFor();
      await subFlowDialog.getByRole("textbox", { name: "Name" }).focus();
      await page.keyboard.type("otp check");
      await page.keyboard.press("Enter");
      await treeRow("otp check").waitFor();

      await tree.getByRole("row").nth(1).focus();
      await page.keyboard.press("End");
      await expectFocusedRow(/otp check/);
      await page.keyboard.press("Tab");
      await page.keyboard.press("c");
      await page.getByText("otp check is now Conditional").first().waitFor();

      // This flow's OTP comes from "otp check" alone: Keycloak's copied 2FA sub-flow is switched off.
      await treeRow("Conditional 2FA").focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("d");
      await page.getByText("browser with otp Browser - Conditional 2FA is now Disabled").first().waitFor();

      for (const [button, search, name] of [
        ["Add condition to otp check", "user configured", "Condition - user configured"],
        ["Add step to otp check", "OTP Form", "OTP Form"],
      ] as const) {
        await tabToButton(treeRow("otp check"), button);
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("dialog", { name: button });
        await dialog.waitFor();
        // The dialog puts the focus in its search field.
        await page.waitForFunction(() => {
          let active: Element | null = document.activeElement;
          while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
          return active?.getAttribute("aria-label") === "Search for provider";
        });
        await page.keyboard.type(search);
        const radio = dialog.getByRole("radio", { name, exact: true });
        await radio.waitFor();
        await page.keyboard.press("Tab"); // the search's clear button
        await page.keyboard.press("Tab"); // the first provider
        await page.keyboard.press("Space");
        for (let step = 0; step < 5 && !(await radio.isChecked()); step++) await page.keyboard.press("ArrowDown");
        assert.equal(await radio.isChecked(), true);
        await page.keyboard.press("Tab");
        await page.keyboard.press("Enter");
        await treeRow(name).waitFor();
        // A new step starts Disabled (as on Keycloak): make it Required.
        await treeRow(name).focus();
        await page.keyboard.press("Tab");
        await page.keyboard.press("r");
        await page.getByText(`${name} is now Required`).first().waitFor();
      }
      await noSeriousViolations("flow tree");
      await screenshot(page, "authentication-flow-tree");

      // Move the OTP step above its condition and back with Alt+Arrow keys; focus stays on it.
      const otpIndex = async () => otpCheckSteps(await executions("browser with otp")).indexOf("auth-otp-form");
      await treeRow("OTP Form").focus();
      await page.keyboard.press("Alt+ArrowUp");
      await page.getByText("OTP Form moved").first().waitFor();
      await expectFocusedRow(/OTP Form/);
      assert.equal(await otpIndex(), 0);
      await page.keyboard.press("Alt+ArrowDown");
      await page.waitForFunction(() => true);
      await treeRow("OTP Form").waitFor();
      assert.equal(await eventually(otpIndex, (index) => index === 1, { timeoutMs: 2_000 }), 1);

      // Collapse and expand the sub-flow with Left and Right.
      await treeRow("otp check").focus();
      await page.keyboard.press("ArrowLeft");
      await expectExpanded("otp check", "false");
      const rows = page.getByRole("treegrid").getByRole("row");
      const shown = await rows.count();
      await page.keyboard.press("ArrowRight");
      await expectExpanded("otp check", "true");
      assert.equal(await rows.count(), shown + 2);
      await page.keyboard.press("ArrowRight");
      await expectFocusedRow(/Condition - user configured/);

      // Bind as browser flow from the header's menu.
      await page.getByRole("button", { name: "Actions", exact: true }).click();
      await page.getByRole("menuitem", { name: "Bind flow" }).click();
      const bind = page.getByRole("dialog", { name: /Bind flow/ });
      await bind.getByRole("combobox", { name: "Choose binding type" }).selectOption("browserFlow");
      await bind.getByRole("button", { name: "Save" }).click();
      await page.getByText("Flow bound as browser flow").waitFor();

      const realm = (await (await api("/admin/realms/demo")).json()) as { browserFlow: string };
      assert.equal(realm.browserFlow, "browser with otp");
      const built = await executions("browser with otp");
      const sub = built.find((e) => e.displayName === "otp check");
      assert.ok(sub, "sub-flow built");
      assert.equal(sub.requirement, "CONDITIONAL");
      assert.equal(sub.level, 1);
      const forms = built.find((e) => e.displayName === "browser with otp forms");
      assert.ok(forms && built.indexOf(forms) < built.indexOf(sub), "inside forms");
      assert.deepEqual(otpCheckSteps(built), ["conditional-user-configured", "auth-otp-form"]);
      const [condition, otp] = built.slice(built.indexOf(sub) + 1, built.indexOf(sub) + 3);
      assert.deepEqual([condition?.requirement, otp?.requirement], ["REQUIRED", "REQUIRED"]);
      assert.equal(built.find((e) => e.displayName?.endsWith("Conditional 2FA"))?.requirement, "DISABLED");
    });
  });

  /** A demo user with a long password, owing the given required actions. */
  const createUser = async (username: string, requiredActions: string[] = []) => {
    const created = await api("/admin/realms/demo/users", {
      method: "POST",
      body: {
        username,
        enabled: true,
        email: `${username}@example.com`,
        emailVerified: true,
        firstName: username,
        lastName: "Tester",
        requiredActions,
        credentials: [{ type: "password", value: PASSWORD, temporary: false }],
      },
    });
    assert.equal(created.status, 201, await created.text());
    return created.headers.get("location")!.split("/").pop()!;
  };

  /** Signs in on the demo realm's account page in a fresh browser context. */
  const accountSignIn = async (username: string) => {
    const fresh = await newPage(browser);
    fresh.page.setDefaultTimeout(TIMEOUT);
    await fresh.page.goto(`${server.baseUrl}/realms/demo/account`);
    await signIn(fresh.page, { username, password: PASSWORD });
    return fresh;
  };
  const personalInfo = async (account: Page, username: string) => {
    await account.getByRole("heading", { name: "Personal info" }).waitFor();
    assert.equal(await account.locator("#username").inputValue(), username);
  };

  it(OTP_SIGN_IN, async () => {
    await createUser("otp-owner", ["CONFIGURE_TOTP"]);
    await createUser("no-otp");
    const setup = await accountSignIn("otp-owner");
    let secret = "";
    await withFailureShot(setup.page, "authentication-otp-setup", async () => {
      await setup.page.getByRole("heading", { name: "Mobile Authenticator Setup" }).waitFor();
      await setup.page.getByRole("link", { name: "Unable to scan?" }).click();
      secret = fromBase32(await setup.page.locator("#kc-totp-secret-key").innerText());
      // By id: on this manual-key page Keycloak 26.7.3's label points at "form-vertical-name", not at the field.
      await setup.page.locator("#totp").fill(totp(secret));
      await setup.page.getByRole("button", { name: "Submit" }).click();
      await personalInfo(setup.page, "otp-owner");
    });
    await setup.context.close();

    // The conditional sub-flow asks for the code now that the user has an OTP credential.
    const again = await accountSignIn("otp-owner");
    await withFailureShot(again.page, "authentication-otp-sign-in", async () => {
      const code = again.page.getByLabel("One-time code");
      await code.waitFor();
      const valid = [-1, 0, 1, 2].map((step) => totp(secret, step));
      await code.fill(valid.includes("000000") ? "111111" : "000000");
      await again.page.getByRole("button", { name: "Sign In" }).click();
      await again.page.getByText("Invalid authenticator code.").waitFor();
      assert.equal(await again.page.getByRole("heading", { name: "Personal info" }).count(), 0);
      // The setup used this period's code; a code is good once, so the next period's one signs in.
      await code.fill(totp(secret, 1));
      await again.page.getByRole("button", { name: "Sign In" }).click();
      await personalInfo(again.page, "otp-owner");
    });
    await again.context.close();

    // A user without OTP is not asked: the condition 'user configured' does not hold.
    const plain = await accountSignIn("no-otp");
    await personalInfo(plain.page, "no-otp");
    assert.equal(await plain.page.getByLabel("One-time code").count(), 0);
    await plain.context.close();
  });

  it(SHORT_PASSWORD, async () => {
    const userId = await createUser("policy-user");
    await withFailureShot(page, "authentication-password-policy", async () => {
      await page.goto(console("authentication/policies"));
      await page.getByRole("tab", { name: "Password policy" }).waitFor();
      await page.getByRole("combobox", { name: "Add policy" }).selectOption("length");
      await page.getByRole("spinbutton", { name: "Minimum Length" }).fill("12");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Password policies successfully updated").first().waitFor();
      const realm = (await (await api("/admin/realms/demo")).json()) as { passwordPolicy?: string };
      assert.equal(realm.passwordPolicy, "length(12)");

      await page.goto(console(`users/${userId}/credentials`));
      await page.getByRole("button", { name: "Reset password" }).click();
      const dialog = page.getByRole("dialog", { name: /Reset password/ });
      await dialog.getByRole("textbox", { name: "Password", exact: true }).fill("short-pw");
      await dialog.getByRole("textbox", { name: "Password confirmation" }).fill("short-pw");
      await dialog.getByRole("button", { name: "Set password" }).click();
      const message = "Invalid password: minimum length 12.";
      await page.getByText(`Error saving password: ${message}`).first().waitFor();
      await dialog.getByText(message).waitFor();
      assert.equal(await dialog.getByRole("textbox", { name: "Password", exact: true }).inputValue(), "short-pw");
      await noSeriousViolations("reset password refused");
      await screenshot(page, "authentication-password-policy-refused");
      await dialog.getByRole("button", { name: "Cancel" }).click();
    });
    // The password did not change: the old one still signs in.
    const account = await accountSignIn("policy-user");
    await personalInfo(account.page, "policy-user");
    await account.context.close();
  });

  it(DEFAULT_ACTION, async () => {
    await withFailureShot(page, "authentication-default-action", async () => {
      await page.goto(console("authentication/required-actions"));
      const table = page.getByRole("grid", { name: "Required actions" });
      await table.getByText("Terms and Conditions").waitFor();
      const enabled = page.getByRole("switch", { name: "Terms and Conditions enabled" });
      if (!(await enabled.isChecked())) {
        await enabled.click({ force: true });
        await page.getByText("Updated required action successfully").first().waitFor();
      }
      // The switches stay disabled until the list has re-read the enabled action: a click before that does nothing.
      const asDefault = page.getByRole("switch", { name: "Terms and Conditions as default action" });
      assert.equal(await eventually(() => asDefault.isEnabled(), Boolean), true, "default switch enabled");
      await asDefault.click({ force: true });
    });
    // The enable step's alert may still be showing, so wait for the server to have the save (bounded), then check it.
    const readTerms = async () =>
      (await (await api(`${AUTH}/required-actions/TERMS_AND_CONDITIONS`)).json()) as { defaultAction: boolean };
    await eventually(readTerms, (action) => action.defaultAction);
    const terms = (await (await api(`${AUTH}/required-actions/TERMS_AND_CONDITIONS`)).json()) as {
      enabled: boolean;
      defaultAction: boolean;
    };
    assert.deepEqual([terms.enabled, terms.defaultAction], [true, true]);
    await createUser("new-starter");
    const account = await accountSignIn("new-starter");
    await withFailureShot(account.page, "authentication-default-action-sign-in", async () => {
      await account.page.getByRole("heading", { name: "Terms and Conditions" }).waitFor();
      await account.page.getByRole("button", { name: "Accept" }).click();
      await personalInfo(account.page, "new-starter");
    });
    await account.context.close();
  });

  it("refuses to delete a built-in flow with the server's message and offers no delete for a bound flow", async () => {
    await withFailureShot(page, "authentication-delete", async () => {
      await page.goto(console("authentication/flows"));
      const list = page.getByRole("grid", { name: "Authentication flows" });
      await waitForTable(list);
      await list
        .getByRole("row", { name: /^direct grant/ })
        .getByRole("button", { name: /^Actions/ })
        .click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page.getByRole("dialog", { name: "Delete flow?" }).getByRole("button", { name: "Delete" }).click();
      await page.getByText("Could not delete flow: Can't delete built in flow").waitFor();

      await list
        .getByRole("row", { name: /^browser with otp/ })
        .getByRole("button", { name: /^Actions/ })
        .click();
      // Keycloak cannot delete the realm's bound flow (it fails with a server error): the console does not offer it.
      assert.equal(await page.getByRole("menuitem", { name: "Delete" }).isDisabled(), true);
      await page.keyboard.press("Escape");
      const flows = (await (await api(`${AUTH}/flows`)).json()) as { alias: string }[];
      assert.ok(flows.some((flow) => flow.alias === "browser with otp"));
      assert.ok(flows.some((flow) => flow.alias === "direct grant"));
    });
  });

  it("shows a built-in flow read-only with a call to duplicate it", async () => {
    await withFailureShot(page, "authentication-built-in", async () => {
      await page.goto(console("authentication/flows"));
      const list = page.getByRole("grid", { name: "Authentication flows" });
      await waitForTable(list);
      await list.getByRole("link", { name: "direct grant" }).click();
      await page.getByText("Built-in flows cannot be changed").waitFor();
      await page.getByRole("treegrid", { name: "Steps of direct grant" }).waitFor();
      assert.equal(await page.getByRole("button", { name: "Add step" }).count(), 0);
      assert.equal(await page.getByRole("combobox", { name: /Requirement of/ }).count(), 0);
      await noSeriousViolations("built-in flow");
      await screenshot(page, "authentication-built-in-flow");

      await page.getByRole("button", { name: "Diagram view" }).click();
      const diagram = page.getByRole("figure", { name: "Diagram of direct grant" });
      await diagram.getByText("Username Validation").waitFor();
      await noSeriousViolations("flow diagram");
      await screenshot(page, "authentication-flow-diagram");
      await page.getByRole("button", { name: "Table view" }).click();
      await page.getByRole("treegrid", { name: "Steps of direct grant" }).waitFor();
    });
  });

  it("configures a step through its config description and deletes a step with the Delete key", async () => {
    await withFailureShot(page, "authentication-configure", async () => {
      const flows = (await (await api(`${AUTH}/flows`)).json()) as { id: string; alias: string }[];
      const flow = flows.find((candidate) => candidate.alias === "browser with otp")!;
      await page.goto(console(`authentication/${flow.id}/DEFAULT`));
      await page.getByRole("treegrid", { name: "Steps of browser with otp" }).waitFor();
      await page.getByRole("button", { name: "Configure Identity Provider Redirector" }).click();
      const dialog = page.getByRole("dialog", { name: "Identity Provider Redirector config" });
      await dialog.getByRole("textbox", { name: "Alias" }).fill("to-partner");
      await dialog.getByRole("textbox", { name: "Default Identity Provider" }).fill("partner-idp");
      assert.deepEqual(await seriousAxeViolations(page, HOST, INNER), [], "config dialog");
      await screenshot(page, "authentication-config-dialog");
      await dialog.getByRole("button", { name: "Save" }).click();
      await page.getByText("Successfully saved the config").waitFor();
      const redirector = (await executions("browser with otp")).find(
        (e) => e.providerId === "identity-provider-redirector",
      ) as ExecutionInfo & { authenticationConfig?: string };
      assert.ok(redirector.authenticationConfig, "the execution has a config");
      const config = (await (await api(`${AUTH}/config/${redirector.authenticationConfig}`)).json()) as {
        alias: string;
        config: Record<string, string>;
      };
      assert.equal(config.alias, "to-partner");
      assert.equal(config.config.defaultProvider, "partner-idp");

      await treeRow("Kerberos").focus();
      await page.keyboard.press("Delete");
      await page.getByRole("dialog", { name: "Delete Kerberos?" }).getByRole("button", { name: "Delete" }).click();
      await page.getByText("Execution successfully deleted").waitFor();
      await page.waitForFunction(() => {
        let active: Element | null = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return active?.getAttribute("role") === "row";
      });
      await expectFocusedRow(/Identity Provider Redirector/);
      assert.equal(
        (await executions("browser with otp")).some((e) => e.providerId === "auth-spnego"),
        false,
      );
    });
  });

  it("creates a flow, keeps the form when the name is taken, and edits the flow's name", async () => {
    await withFailureShot(page, "authentication-create", async () => {
      await page.goto(console("authentication"));
      await waitForTable(page.getByRole("grid", { name: "Authentication flows" }));
      await page.getByRole("button", { name: "Create flow" }).first().click();
      await page.getByRole("heading", { level: 1, name: "Create flow" }).waitFor();
      await page.getByRole("textbox", { name: "Name" }).fill("browser");
      await page.getByRole("textbox", { name: "Description" }).fill("taken name");
      await noSeriousViolations("create flow");
      await page.getByRole("button", { name: "Create flow" }).click();
      await page.getByText("Could not create flow: Flow browser already exists").waitFor();
      assert.equal(await page.getByRole("textbox", { name: "Name" }).inputValue(), "browser");
      assert.equal(await page.getByRole("textbox", { name: "Description" }).inputValue(), "taken name");

      await page.getByRole("textbox", { name: "Name" }).fill("partner login");
      await page.getByRole("button", { name: "Create flow" }).click();
      await page.getByRole("heading", { level: 1, name: "partner login" }).waitFor();
      await page.getByText("No steps").waitFor();
      await noSeriousViolations("empty flow");

      await page.getByRole("button", { name: "Actions", exact: true }).click();
      await page.getByRole("menuitem", { name: "Edit info" }).click();
      const edit = page.getByRole("dialog", { name: "Edit flow" });
      await edit.getByRole("textbox", { name: "Name" }).fill("partner sign-in");
      await edit.getByRole("button", { name: "Save" }).click();
      await page.getByText("Flow successfully updated").waitFor();
      await page.getByRole("heading", { level: 1, name: "partner sign-in" }).waitFor();
      const flows = (await (await api(`${AUTH}/flows`)).json()) as { alias: string; description: string }[];
      assert.deepEqual(
        flows.filter((flow) => flow.alias.startsWith("partner")).map((flow) => [flow.alias, flow.description]),
        [["partner sign-in", "taken name"]],
      );
    });
  });
});
