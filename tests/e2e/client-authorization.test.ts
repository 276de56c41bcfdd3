import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { onRealKeycloak, startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot, withFailureShot } from "./organizations-support.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { eventually } from "../support/eventually.ts";

const TIMEOUT = STEP_TIMEOUT;
const HOST = "kc-admin-console";
const INNER = "main";
const REALM = "/admin/realms/demo";

describe("client authorization screens", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof adminFetch>;
  let storeId = "";
  let exported = "";

  const console = (hash: string) => `${server.baseUrl}/admin/master/console/#/demo/${hash}`;
  const noSeriousViolations = async (what: string, target: Page = page, host = HOST, inner = INNER) =>
    assert.deepEqual(await seriousAxeViolations(target, host, inner), [], what);
  const alert = (text: string | RegExp) => page.getByText(text).first().waitFor();

  /** Types values into a multi-value field, one row per value. */
  const fillValues = async (label: string, values: string[]) => {
    for (const [index, value] of values.entries()) {
      const box = page.getByRole("textbox", { name: `${label} ${index + 1}`, exact: true });
      await box.fill(value);
      if (index < values.length - 1)
        await box
          .locator(
            "xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' pf-v6-c-input-group ')][1]",
          )
          .getByRole("button", { name: "Add another value" })
          .click();
    }
  };

  /** Picks options of a search-as-you-type picker: types each text and clicks the option the server offers. */
  const pick = async (label: string, choices: [text: string, option: string][], target: Page = page) => {
    const box = target.getByRole("combobox", { name: label, exact: true });
    for (const [text, option] of choices) {
      await box.fill(text);
      // The menu is the last thing in the shadow root, after any label showing a value already chosen.
      await target.getByText(option, { exact: true }).last().click();
    }
    await box.press("Escape");
  };

  const createUserWithPassword = async (username: string, roles: string[]) => {
    // A complete profile: Keycloak refuses a password grant ("Account is not fully set up") without names and email.
    const body = {
      username,
      enabled: true,
      firstName: username,
      lastName: "Tester",
      email: `${username}@example.org`,
      credentials: [{ type: "password", value: username, temporary: false }],
    };
    assert.equal((await api(`${REALM}/users`, { method: "POST", body })).status, 201);
    const [user] = (await (await api(`${REALM}/users?username=${username}&exact=true`)).json()) as { id: string }[];
    if (roles.length) {
      const reps = await Promise.all(roles.map(async (name) => (await api(`${REALM}/roles/${name}`)).json()));
      await api(`${REALM}/users/${user!.id}/role-mappings/realm`, { method: "POST", body: reps });
    }
  };

  const userToken = async (username: string) => {
    const res = await fetch(`${server.baseUrl}/realms/demo/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", client_id: "e2e-shop", username, password: username }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  /** What a real UMA request (audience, permission) answers for the user: the RPT's permissions or the status. */
  const umaDecision = async (username: string, audience = "e2e-store") => {
    const res = await fetch(`${server.baseUrl}/realms/demo/protocol/openid-connect/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Bearer ${await userToken(username)}`,
      },
      body: new URLSearchParams([
        ["grant_type", "urn:ietf:params:oauth:grant-type:uma-ticket"],
        ["audience", audience],
        ["permission", "Invoice#write"],
        ["response_mode", "permissions"],
      ]),
    });
    if (res.status !== 200) return res.status;
    return ((await res.json()) as { rsname: string; scopes?: string[] }[]).map((p) => `${p.rsname}#${p.scopes}`);
  };

  /** Runs the evaluate tab for a user on Invoice#write and returns the overall decision shown. */
  const evaluateInUi = async (clientUuid: string, username: string) => {
    await page.goto(console(`clients/${clientUuid}/authorization/evaluate`));
    await pick("User", [[username, username]]);
    await pick("Resources", [["Inv", "Invoice"]]);
    await pick("Authorization scopes", [["wr", "write"]]);
    await page.getByRole("button", { name: "Evaluate", exact: true }).last().click();
    const row = page.locator(`table[aria-label="Results"] tr`).filter({ hasText: "Invoice" });
    const failed = page.getByText(/Could not evaluate/).first();
    await row.or(failed).first().waitFor();
    if (await failed.isVisible()) throw new Error(`${await failed.textContent()}`);
    return (await row.getByText(/^(Permit|Deny)$/).textContent())?.trim();
  };

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
    const store = { clientId: "e2e-store", publicClient: false, serviceAccountsEnabled: true };
    assert.equal((await api(`${REALM}/clients`, { method: "POST", body: store })).status, 201);
    const shop = { clientId: "e2e-shop", publicClient: true, directAccessGrantsEnabled: true };
    assert.equal((await api(`${REALM}/clients`, { method: "POST", body: shop })).status, 201);
    storeId = ((await (await api(`${REALM}/clients?clientId=e2e-store`)).json()) as { id: string }[])[0]!.id;
    assert.equal((await api(`${REALM}/roles`, { method: "POST", body: { name: "e2e-clerk" } })).status, 201);
    await createUserWithPassword("clara", ["e2e-clerk"]);
    await createUserWithPassword("otto", []);
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

  it("turns authorization on and shows its settings", async () => {
    await withFailureShot(page, "authz-enable", async () => {
      await page.goto(console(`clients/${storeId}/settings`));
      await page.getByRole("heading", { level: 1, name: "e2e-store" }).waitFor();
      await page.getByRole("switch", { name: "Authorization" }).focus();
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: "Save" }).first().click();
      await page.getByRole("tab", { name: "Authorization" }).click();
      await page
        .getByRole("combobox", { name: "Policy enforcement mode" })
        .or(page.getByText("Policy enforcement mode"))
        .first()
        .waitFor();
      assert.match(page.url(), new RegExp(`/clients/${storeId}/authorization(/settings)?$`));
      await noSeriousViolations("authorization settings");
      await screenshot(page, "authz-settings");
      // Keycloak 26 enables an empty resource server: no default resource, policy or permission.
      await page.getByRole("tab", { name: "Resources" }).click();
      await page.getByText("No resources", { exact: true }).waitFor();
      await noSeriousViolations("resources");
    });
  });

  it("creates a resource with two scopes, a role and a time policy and a unanimous scope permission", async () => {
    await withFailureShot(page, "authz-create", async () => {
      await page.getByRole("button", { name: "Create resource" }).first().click();
      await page.getByRole("heading", { level: 1, name: "Create resource" }).waitFor();
      // Keycloak's form names the owner, read-only: the resource server for what an administrator creates
      const owner = page.getByRole("textbox", { name: "Owner", exact: true });
      assert.equal(
        await eventually(
          () => owner.inputValue(),
          (value) => value === "e2e-store",
        ),
        "e2e-store",
      );
      assert.equal(await owner.getAttribute("readonly"), "");
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Invoice");
      await fillValues("URIs", ["/invoices/*"]);
      await pick("Authorization scopes", [
        ["read", 'Create scope "read"'],
        ["write", 'Create scope "write"'],
      ]);
      await page.getByRole("textbox", { name: "Key 1" }).fill("department");
      await page.getByRole("textbox", { name: "Value 1" }).fill("accounting");
      await noSeriousViolations("create resource");
      await page.getByRole("button", { name: "Save" }).click();
      await alert("Resource created successfully");
      await page.getByRole("heading", { level: 1, name: "Invoice" }).waitFor();
      assert.equal(await page.getByRole("textbox", { name: "Value 1" }).inputValue(), "accounting");

      await page.goto(console(`clients/${storeId}/authorization/policies`));
      await page.getByText("No policies", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Create new policy" }).click();
      await page.getByRole("option", { name: "Role" }).click();
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Clerks");
      await pick("Roles", [["e2e-cl", "e2e-clerk"]]);
      // "Required" offers the roles chosen above.
      await page.getByRole("button", { name: "Required", exact: true }).click();
      await page
        .getByRole("menuitem", { name: /^e2e-clerk/ })
        .or(page.getByRole("menuitemcheckbox", { name: /^e2e-clerk/ }))
        .click();
      await page.keyboard.press("Escape");
      await noSeriousViolations("role policy");
      await screenshot(page, "authz-role-policy");
      await page.getByRole("button", { name: "Save" }).click();
      await alert("Successfully created the policy");
      await page.getByRole("heading", { level: 1, name: "Clerks" }).waitFor();
      const [clerks] = (await (
        await api(`${REALM}/clients/${storeId}/authz/resource-server/policy/role?name=Clerks`)
      ).json()) as { roles: { required?: boolean }[] }[];
      assert.deepEqual(
        clerks!.roles.map((role) => role.required),
        [true],
      );

      await page.goto(console(`clients/${storeId}/authorization/policy/new/time`));
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Business years");
      await page.getByRole("textbox", { name: "Year", exact: true }).fill("2000");
      await page.getByRole("textbox", { name: "Year to" }).fill("2100");
      await page.getByRole("button", { name: "Save" }).click();
      await alert("Successfully created the policy");
      await page.getByRole("heading", { level: 1, name: "Business years" }).waitFor();

      await page.goto(console(`clients/${storeId}/authorization/permissions`));
      await page.getByRole("button", { name: "Create scope-based permission" }).click();
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Write invoices");
      await pick("Resources", [["Inv", "Invoice"]]);
      await pick("Authorization scopes", [["wr", "write"]]);
      await pick("Policies", [
        ["Cler", "Clerks"],
        ["Business", "Business years"],
      ]);
      // Each pick empties the typed text, ready for the next search.
      assert.equal(await page.getByRole("combobox", { name: "Policies", exact: true }).inputValue(), "");
      await noSeriousViolations("scope permission");
      await screenshot(page, "authz-scope-permission");
      await page.getByRole("button", { name: "Save" }).click();
      await alert("Successfully created the permission");
      await page.getByRole("heading", { level: 1, name: "Write invoices" }).waitFor();

      await page.goto(console(`clients/${storeId}/authorization/permissions`));
      const row = page.getByRole("row").filter({ hasText: "Write invoices" });
      await row
        .getByRole("button", { name: /Details|Expand/ })
        .first()
        .click();
      await page.getByText("Business years, Clerks").waitFor();
      await noSeriousViolations("permissions list");
      await screenshot(page, "authz-permissions");
    });
  });

  it("decides in the evaluate tab as a real UMA request does, and the tree names the time policy when it denies", async () => {
    await withFailureShot(page, "authz-evaluate", async () => {
      assert.equal(await evaluateInUi(storeId, "clara"), "Permit");
      assert.deepEqual(await umaDecision("clara"), ["Invoice#write"]);
      await noSeriousViolations("evaluate results");
      await screenshot(page, "authz-evaluate-permit");
      assert.equal(await evaluateInUi(storeId, "otto"), "Deny");
      assert.equal(await umaDecision("otto"), 403);

      // Export now, to import into another client below.
      await page.goto(console(`clients/${storeId}/authorization/export`));
      exported = (await page.getByTestId("authz-export-json").textContent()) ?? "";
      assert.match(exported, /"Write invoices"/);
      await noSeriousViolations("export");

      const policies = (await (
        await api(`${REALM}/clients/${storeId}/authz/resource-server/policy?name=Business`)
      ).json()) as {
        id: string;
      }[];
      await page.goto(console(`clients/${storeId}/authorization/policy/${policies[0]!.id}/time`));
      await page.getByRole("textbox", { name: "Year to" }).fill("2001");
      await page.getByRole("button", { name: "Save" }).click();
      await alert("Successfully updated the policy");
      assert.equal(await evaluateInUi(storeId, "clara"), "Deny");
      assert.equal(await umaDecision("clara"), 403);
      await page.getByRole("button", { name: "Why: decision tree: Invoice" }).click();
      const tree = page.locator(".kc-authz-decision-tree").first();
      await tree.getByText("Business years").waitFor();
      // Why the policy denied is the embedded server's own addition to Keycloak's evaluation answer.
      if (!onRealKeycloak()) await tree.getByText(/time window closed: year is \d+, outside 2000–2001/).waitFor();
      await noSeriousViolations("decision tree");
      await screenshot(page, "authz-decision-tree");
    });
  });

  it("imports the export into another client with the same decisions", async () => {
    await withFailureShot(page, "authz-import", async () => {
      const body = { clientId: "e2e-store-copy", serviceAccountsEnabled: true, authorizationServicesEnabled: true };
      assert.equal((await api(`${REALM}/clients`, { method: "POST", body })).status, 201);
      const copyId = ((await (await api(`${REALM}/clients?clientId=e2e-store-copy`)).json()) as { id: string }[])[0]!
        .id;
      await page.goto(console(`clients/${copyId}/authorization/settings`));
      await page
        .locator("#authz-import input[type=file], input[type=file]")
        .first()
        .setInputFiles({
          name: "authz-config.json",
          mimeType: "application/json",
          buffer: Buffer.from(exported),
        });
      await page
        .getByTestId("authz-import-preview")
        .getByText("1 resource, 2 scopes, 3 policies and permissions", { exact: true })
        .waitFor();
      await noSeriousViolations("import preview");
      await screenshot(page, "authz-import-preview");
      await page.getByRole("button", { name: "Import", exact: true }).last().click();
      await alert("The resource was successfully imported");
      assert.equal(await evaluateInUi(copyId, "clara"), "Permit");
      assert.equal(await evaluateInUi(copyId, "otto"), "Deny");
      assert.deepEqual(await umaDecision("clara", "e2e-store-copy"), ["Invoice#write"]);
    });
  });

  it("warns with the permission's name before deleting a policy, keeps a regex form with a bad pattern, refuses a taken scope name", async () => {
    await withFailureShot(page, "authz-delete-regex", async () => {
      await page.goto(console(`clients/${storeId}/authorization/policies`));
      const row = page.getByRole("row").filter({ hasText: "Clerks" });
      await row.getByRole("button", { name: "Actions" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText("Affected: Write invoices").waitFor();
      await noSeriousViolations("delete warning");
      await screenshot(page, "authz-delete-warning");
      await dialog.getByRole("button", { name: "Cancel" }).click();

      await page.goto(console(`clients/${storeId}/authorization/policy/new/regex`));
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Example mail");
      await page.getByRole("textbox", { name: "Target claim" }).fill("email");
      await page.getByRole("textbox", { name: "Regex pattern" }).fill("([a-z");
      await page.keyboard.press("Tab");
      // Keycloak stores any pattern (and fails when the policy is evaluated): the form refuses it before saving.
      await alert(/Invalid pattern \[\(\[a-z\]/);
      assert.equal(await page.getByRole("button", { name: "Save" }).isDisabled(), true);
      assert.equal(await page.getByRole("textbox", { name: "Name", exact: true }).inputValue(), "Example mail");
      assert.equal(await page.getByRole("textbox", { name: "Regex pattern" }).inputValue(), "([a-z");
      const stored = await api(`${REALM}/clients/${storeId}/authz/resource-server/policy?name=Example`);
      assert.doesNotMatch(await stored.text(), /Example mail/);
      await screenshot(page, "authz-regex-error");

      // Keycloak answers a create of a taken scope name by overwriting that scope: the form refuses the name first.
      await page.goto(console(`clients/${storeId}/authorization/scope/new`));
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("read");
      await page.getByRole("textbox", { name: "Display name", exact: true }).fill("Read everything");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText('An authorization scope named "read" already exists. Choose another name.').waitFor();
      assert.equal(
        await page.getByRole("textbox", { name: "Display name", exact: true }).inputValue(),
        "Read everything",
      );
      await noSeriousViolations("taken scope name");
      await screenshot(page, "authz-scope-name-taken");
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("read-all");
      const save = page.getByRole("button", { name: "Save" });
      assert.equal(
        await eventually(
          () => save.isDisabled(),
          (disabled) => !disabled,
        ),
        false,
        "another name can be saved",
      );
      const scopes = await api(`${REALM}/clients/${storeId}/authz/resource-server/scope?name=read`);
      const named = ((await scopes.json()) as { name: string; displayName?: string }[]).filter(
        (s) => s.name === "read",
      );
      assert.deepEqual(
        named.map((scope) => scope.displayName),
        [undefined],
        "one scope read, its display name untouched",
      );
    });
  });

  it("has no serious axe violations on any authorization screen, light and dark", async () => {
    await withFailureShot(page, "authz-axe", async () => {
      const base = `${REALM}/clients/${storeId}/authz/resource-server`;
      const firstId = async (path: string, key = "id") =>
        ((await (await api(`${base}/${path}`)).json()) as Record<string, string>[])[0]![key]!;
      const resourceId = await firstId("resource?name=Invoice", "_id");
      const scopeId = await firstId("scope?name=write");
      const policyId = await firstId("policy?name=Clerks");
      const permissionId = await firstId("permission?name=Write%20invoices");
      const screens = [
        ...["settings", "resources", "scopes", "policies", "permissions", "evaluate", "export"].map(
          (tab) => `authorization/${tab}`,
        ),
        "authorization/resource/new",
        `authorization/resource/${resourceId}`,
        "authorization/scope/new",
        `authorization/scope/${scopeId}`,
        ...["role", "user", "group", "client", "client-scope", "time", "regex", "aggregate"].map(
          (type) => `authorization/policy/new/${type}`,
        ),
        `authorization/policy/${policyId}/role`,
        "authorization/permission/new/resource",
        "authorization/permission/new/scope",
        `authorization/permission/scope/${permissionId}`,
      ];
      // The console page sets no theme (light); the element takes `theme` as any host page sets it.
      const setTheme = (theme: string) =>
        page.locator(HOST).evaluate((el, value) => el.setAttribute("theme", value), theme);
      const isDark = () => page.locator(HOST).evaluate((el) => el.matches(":state(dark)"));
      const settled = async () => {
        await page
          .getByRole("tab", { name: "Authorization", selected: true })
          .or(page.getByRole("heading", { level: 1 }))
          .first()
          .waitFor();
        assert.equal(
          await eventually(
            () => page.getByRole("progressbar").count(),
            (n) => n === 0,
          ),
          0,
        );
      };
      for (const screen of screens) {
        await page.goto(console(`clients/${storeId}/${screen}`));
        await settled();
        await noSeriousViolations(`${screen} (light)`);
        await setTheme("dark");
        assert.equal(await eventually(isDark, (dark) => dark), true);
        await noSeriousViolations(`${screen} (dark)`);
        if (screen === "authorization/scopes") await screenshot(page, "authz-scopes-dark");
        if (screen === "authorization/policy/new/aggregate") await screenshot(page, "authz-aggregate-policy-dark");
        await setTheme("light");
        assert.equal(await eventually(isDark, (dark) => !dark), false);
      }
    });
  });

  it("shows the authorization tab in <kc-clients-admin> on a host page, dark theme", async () => {
    const { page: hostPage } = await newPage(browser, { colorScheme: "dark" });
    hostPage.setDefaultTimeout(TIMEOUT);
    await withFailureShot(hostPage, "authz-element", async () => {
      await hostPage.goto(`${server.baseUrl}/demo/test-elements/clients.html?theme=dark`);
      await hostPage.getByRole("link", { name: "e2e-store", exact: true }).click();
      await hostPage.getByRole("tab", { name: "Authorization" }).click();
      await hostPage.getByRole("tab", { name: "Policies" }).click();
      await hostPage.getByRole("link", { name: "Clerks" }).waitFor();
      await noSeriousViolations("element policies (dark)", hostPage, "kc-clients-admin", ".kc-element-root");
      await screenshot(hostPage, "authz-element-dark");
      // Ten more resources: "all resources" is evaluated a page (10) at a time.
      const resources = `${REALM}/clients/${storeId}/authz/resource-server/resource`;
      const pageItems: string[] = [];
      for (let i = 1; i <= 10; i++) {
        const created = await api(resources, { method: "POST", body: { name: `Page item ${i}` } });
        assert.equal(created.status, 201);
        pageItems.push(((await created.json()) as { _id: string })._id);
      }
      // Keycloak leaves a resource no permission covers out of the answer: one permission covers them all.
      const [clerks] = (await (
        await api(`${REALM}/clients/${storeId}/authz/resource-server/policy?name=Clerks`)
      ).json()) as {
        id: string;
      }[];
      const permission = { name: "Page items", resources: pageItems, policies: [clerks!.id] };
      const permissions = `${REALM}/clients/${storeId}/authz/resource-server/permission/resource`;
      assert.equal((await api(permissions, { method: "POST", body: permission })).status, 201);
      await hostPage.getByRole("tab", { name: "Evaluate" }).click();
      await pick("User", [["clara", "clara"]], hostPage);
      await hostPage.getByRole("button", { name: "Evaluate", exact: true }).last().click();
      const rows = hostPage.locator(`table[aria-label="Results"] tbody tr`);
      const names = async () => (await rows.locator("td:first-child").allTextContents()).map((n) => n.trim());
      // A real Keycloak on a loaded machine may take longer than eventually()'s default to answer.
      await rows.nth(9).waitFor();
      assert.equal(
        await eventually(
          () => rows.count(),
          (n) => n === 10,
          { timeoutMs: TIMEOUT },
        ),
        10,
      );
      const firstPage = await names();
      await noSeriousViolations("element evaluate (dark)", hostPage, "kc-clients-admin", ".kc-element-root");
      await screenshot(hostPage, "authz-element-evaluate-dark");
      await hostPage.getByRole("button", { name: "Go to next page" }).first().click();
      assert.equal(
        await eventually(
          () => rows.count(),
          (n) => n === 1,
          { timeoutMs: TIMEOUT },
        ),
        1,
      );
      const everything = [...firstPage, ...(await names())].map((name) => name.replace(/ with scopes \[.*\]$/, ""));
      assert.deepEqual(
        everything.sort(),
        ["Invoice", ...Array.from({ length: 10 }, (_, i) => `Page item ${i + 1}`)].sort(),
      );
    });
  });
  it("names the user who owns an owner-managed resource, in the list and on its page", async () => {
    await withFailureShot(page, "authz-owner", async () => {
      const resources = `${REALM}/clients/${storeId}/authz/resource-server/resource`;
      const body = { name: "Clara notes", owner: "clara", ownerManagedAccess: true };
      const created = await api(resources, { method: "POST", body });
      assert.equal(created.status, 201);
      const { _id: id } = (await created.json()) as { _id: string };
      await page.goto(console(`clients/${storeId}/authorization/resources`));
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Clara notes", exact: true }) });
      await row.getByText("clara", { exact: true }).waitFor();
      await row.getByRole("link", { name: "Clara notes", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Clara notes" }).waitFor();
      // the last breadcrumb says what the page is (it showed its raw message key)
      await page.getByText("Resource details", { exact: true }).waitFor();
      const owner = page.getByRole("textbox", { name: "Owner", exact: true });
      assert.equal(
        await eventually(
          () => owner.inputValue(),
          (value) => value === "clara",
        ),
        "clara",
      );
      assert.equal(await page.getByRole("switch", { name: "User-Managed access enabled" }).isChecked(), true);
      await screenshot(page, "authz-owner");
      assert.equal((await api(`${resources}/${id}`, { method: "DELETE" })).status, 204);
    });
  });
});
