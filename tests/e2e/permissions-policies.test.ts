import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { markAdminCliAsConsoleClient, screenshot, withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const REALM = "/admin/realms/demo";
const HOST = "kc-admin-console";

describe("permissions: policies and evaluation tabs (admin permissions v2)", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof adminFetch>;
  let clientId = "";
  let authz = "";

  const json = async <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => {
    const response = await api(path, init);
    assert.ok(response.ok, `${init?.method ?? "GET"} ${path}: ${response.status} ${await response.clone().text()}`);
    return (await response.json()) as T;
  };
  const console = (hash: string) => `${server.baseUrl}/admin/master/console/#/demo/${hash}`;
  const noSeriousViolations = async (what: string, host = HOST) =>
    assert.deepEqual(await seriousAxeViolations(page, host), [], what);
  const createUser = async (username: string) => {
    const created = await api(`${REALM}/users`, { method: "POST", body: { username, enabled: true } });
    assert.equal(created.status, 201, await created.text());
  };
  const policyNamed = async (name: string) =>
    (await json<{ id: string; name: string; type: string }[]>(`${authz}/policy?name=${encodeURIComponent(name)}`)).find(
      (policy) => policy.name === name,
    );

  /** Types into a search-as-you-type picker and chooses the option the server offers, with the keyboard and mouse. */
  async function pick(label: string, text: string, option: string) {
    const box = page.getByRole("combobox", { name: label, exact: true });
    await box.click();
    await box.pressSequentially(text);
    // A multi-value picker's choices are checkbox menu items named by the choice and its description.
    await page.getByRole("menuitem", { name: new RegExp(`^${option}( |$)`) }).click();
    await box.press("Escape");
  }

  /** Asks the evaluation tab about a user, a resource type and a scope; answers the overall result shown. */
  async function evaluateInUi(username: string, resourceType: string, scope: string): Promise<string> {
    // Through another tab, so the form starts empty (the tabs unmount what they hide).
    await page.goto(console(`permissions/${clientId}/permissions`));
    await page.getByRole("tab", { name: "Evaluation" }).click();
    await page.getByRole("tab", { name: "Evaluation", selected: true }).waitFor();
    await page.getByRole("combobox", { name: "User" }).fill(username);
    await page.getByRole("option", { name: new RegExp(`^${username}`) }).click();
    await page.getByRole("button", { name: /^Resource type/ }).click();
    await page.getByRole("option", { name: resourceType, exact: true }).click();
    await page.getByRole("button", { name: /^Authorization scope/ }).click();
    await page.getByRole("option", { name: scope, exact: true }).click();
    await page.getByRole("button", { name: "Evaluate", exact: true }).click();
    const results = page.getByRole("region", { name: "Results" });
    await results.getByRole("heading", { name: /Overall Results/ }).waitFor();
    return (await results.getByRole("heading", { name: /Overall Results/ }).textContent())!
      .replace("Overall Results", "")
      .trim();
  }

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
    const realm = await json<Record<string, unknown>>(REALM);
    const update = await api(REALM, { method: "PUT", body: { ...realm, adminPermissionsEnabled: true } });
    assert.equal(update.status, 204, await update.text());
    const [client] = await json<{ id: string }[]>(`${REALM}/clients?clientId=admin-permissions`);
    clientId = client!.id;
    authz = `${REALM}/clients/${clientId}/authz/resource-server`;
    await createUser("policy-support");
    await createUser("policy-outsider");
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

  it("creates a user policy and an aggregated one through the forms, edits one and lists them by type", async () => {
    await withFailureShot(page, "admin-policies", async () => {
      await page.goto(console(`permissions/${clientId}/policies`));
      await page.getByRole("tab", { name: "Policies", selected: true }).waitFor();
      await page.getByText("No policies").waitFor();
      await noSeriousViolations("empty policies");
      await page.getByRole("button", { name: "Create policy" }).click();
      await page.getByRole("option", { name: "User" }).click();
      await page.getByRole("heading", { level: 1, name: "Create User policy" }).waitFor();
      const name = page.getByRole("textbox", { name: "Name", exact: true });
      assert.ok(await name.evaluate((input) => (input as HTMLInputElement).required), "Name is marked required");
      await name.fill("Support agents");
      await pick("Users", "policy-sup", "policy-support");
      await noSeriousViolations("user policy form");
      await screenshot(page, "admin-policy-user");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Successfully created the policy").first().waitFor();
      await page.getByRole("heading", { level: 1, name: "Policy details" }).waitFor();
      const stored = await policyNamed("Support agents");
      assert.equal(stored?.type, "user");
      await page.getByRole("textbox", { name: "Description" }).fill("The support team");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Successfully updated the policy").first().waitFor();
      assert.equal(
        (await json<{ description?: string }>(`${authz}/policy/user/${stored!.id}`)).description,
        "The support team",
      );
      // The stored user comes back as a username, shown as the picker's chosen value.
      await page.reload();
      await page.getByRole("heading", { level: 1, name: "Policy details" }).waitFor();
      await page.getByRole("button", { name: "Remove policy-support", exact: true }).waitFor();

      await page.goto(console("permissions/policies/new/aggregate"));
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Support or nobody");
      await pick("Apply policy", "Support", "Support agents");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Successfully created the policy").first().waitFor();
      const aggregate = await policyNamed("Support or nobody");
      assert.equal(aggregate?.type, "aggregate");

      await page.getByRole("button", { name: "Cancel" }).click();
      const list = page.getByRole("grid", { name: "Policies" });
      await list.getByRole("link", { name: "Support agents" }).waitFor();
      await list.getByRole("link", { name: "Support or nobody" }).waitFor();
      await noSeriousViolations("policies list");
      await screenshot(page, "admin-policies-list");
      await page.getByRole("button", { name: /^Policy type/ }).click();
      await page.getByRole("option", { name: "Aggregated" }).click();
      await list.getByRole("link", { name: "Support agents" }).waitFor({ state: "detached" });
      await list.getByRole("link", { name: "Support or nobody" }).waitFor();
    });
  });

  it("evaluates a user's access to users by scope, with the permission that decided", async () => {
    await withFailureShot(page, "admin-evaluation", async () => {
      const policy = await policyNamed("Support agents");
      await json(`${authz}/permission/scope`, {
        method: "POST",
        body: {
          name: "Support views users",
          resourceType: "Users",
          scopes: ["view"],
          policies: [policy!.id],
          decisionStrategy: "UNANIMOUS",
        },
      });
      assert.equal(await evaluateInUi("policy-support", "Users", "view"), "Permit");
      const results = page.getByRole("region", { name: "Results" });
      await results.getByRole("row").filter({ hasText: "All Users" }).getByText("view").waitFor();
      await results.getByRole("button", { name: /decision tree: All Users/ }).click();
      await results.getByText("Support views users").waitFor();
      await noSeriousViolations("evaluation permit");
      await screenshot(page, "admin-evaluation-permit");
      assert.equal(await evaluateInUi("policy-support", "Users", "manage"), "Deny");
      assert.equal(await evaluateInUi("policy-outsider", "Users", "view"), "Deny");
    });
  });

  it("warns before deleting a policy a permission uses, and deletes it from the list", async () => {
    await withFailureShot(page, "admin-policy-delete", async () => {
      await page.goto(console(`permissions/${clientId}/policies`));
      const list = page.getByRole("grid", { name: "Policies" });
      const row = list.getByRole("row").filter({ hasText: "Support or nobody" });
      await row.getByRole("button", { name: /Actions/ }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      const dialog = page.getByRole("dialog", { name: "Permanently delete policy?" });
      await dialog.getByText("No permission or aggregated policy uses it.").waitFor();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByText("The Policy successfully deleted").first().waitFor();
      await list.getByRole("link", { name: "Support or nobody" }).waitFor({ state: "detached" });
      assert.equal(await policyNamed("Support or nobody"), undefined);

      await list
        .getByRole("row")
        .filter({ hasText: "Support agents" })
        .getByRole("button", { name: /Actions/ })
        .click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page.getByRole("dialog").getByText("Affected: Support views users").waitFor();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("dialog").waitFor({ state: "detached" });
      assert.ok(await policyNamed("Support agents"));
    });
  });

  it("every policy form v2 allows, light and dark: no serious or critical axe violation", async () => {
    for (const theme of ["light", "dark"] as const) {
      const { page: hostPage } = await newPage(browser, { colorScheme: theme });
      hostPage.setDefaultTimeout(TIMEOUT);
      await withFailureShot(hostPage, `admin-policy-forms-${theme}`, async () => {
        await hostPage.goto(`${server.baseUrl}/demo/test-elements/permissions.html?theme=${theme}`);
        await hostPage.getByRole("tab", { name: "Policies" }).click();
        // The list's toolbar or its empty state: both offer Create policy.
        const create = hostPage.getByRole("button", { name: "Create policy" }).first();
        await create.click();
        const types = (await hostPage.getByRole("option").allInnerTexts()).map((text) => text.trim());
        assert.equal(types.length, 7, `the chooser offers v2's seven policy types: ${types.join(", ")}`);
        await hostPage.keyboard.press("Escape");
        for (const type of types) {
          await create.click();
          await hostPage.getByRole("option", { name: type, exact: true }).click();
          await hostPage.getByRole("heading", { level: 1, name: /^Create .* policy$/ }).waitFor();
          await hostPage.getByRole("textbox", { name: /^Name/ }).waitFor();
          assert.deepEqual(await seriousAxeViolations(hostPage, "kc-permissions-admin"), [], `${theme}: ${type} form`);
          await screenshot(hostPage, `admin-policy-form-${type.toLowerCase()}-${theme}`);
          await hostPage.getByRole("button", { name: "Cancel" }).click();
          await hostPage.getByRole("heading", { level: 1, name: /^Create .* policy$/ }).waitFor({ state: "detached" });
        }
      });
      await hostPage.close();
    }
  });

  it("as <kc-permissions-admin> in the dark theme: the policies and evaluation tabs", async () => {
    const { page: hostPage } = await newPage(browser, { colorScheme: "dark" });
    hostPage.setDefaultTimeout(TIMEOUT);
    await withFailureShot(hostPage, "admin-policies-element-dark", async () => {
      await hostPage.goto(`${server.baseUrl}/demo/test-elements/permissions.html?theme=dark`);
      await hostPage.getByRole("tab", { name: "Policies" }).click();
      await hostPage.getByRole("grid", { name: "Policies" }).getByRole("link", { name: "Support agents" }).waitFor();
      assert.deepEqual(await seriousAxeViolations(hostPage, "kc-permissions-admin"), [], "dark policies");
      await screenshot(hostPage, "admin-policies-element-dark");
      await hostPage.getByRole("tab", { name: "Evaluation" }).click();
      await hostPage.getByRole("combobox", { name: "User" }).waitFor();
      assert.deepEqual(await seriousAxeViolations(hostPage, "kc-permissions-admin"), [], "dark evaluation");
      await screenshot(hostPage, "admin-evaluation-element-dark");
      await hostPage.getByRole("tab", { name: "Policies" }).click();
      await hostPage.getByRole("button", { name: "Create policy" }).click();
      await hostPage.getByRole("option", { name: "Time" }).click();
      await hostPage.getByRole("heading", { level: 1, name: "Create Time policy" }).waitFor();
      assert.deepEqual(await seriousAxeViolations(hostPage, "kc-permissions-admin"), [], "dark time policy form");
      await screenshot(hostPage, "admin-policy-time-element-dark");
      await hostPage
        .getByRole("link", { name: "Policies" })
        .or(hostPage.getByRole("button", { name: "Cancel" }))
        .first()
        .click();
      await hostPage.getByRole("grid", { name: "Policies" }).waitFor();
    });
    await hostPage.close();
  });
});
