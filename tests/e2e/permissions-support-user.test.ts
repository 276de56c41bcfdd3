import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken } from "../support/server.ts";
import { startTarget, type Target } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { markAdminCliAsConsoleClient, screenshot, waitForTable, withFailureShot } from "./organizations-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const REALM = "/admin/realms/demo";

/** The scenario: a support user whose only grant is view-members / manage-members of one group. */
describe("a support user limited by admin permissions v2, signed in to the console", () => {
  let server: Target;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;
  const ids: Record<string, string> = {};

  const json = async <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => {
    const response = await api(path, init);
    assert.ok(response.ok, `${init?.method ?? "GET"} ${path}: ${response.status} ${await response.clone().text()}`);
    return (await response.json()) as T;
  };
  const createUser = async (username: string, groups: string[], password?: string) => {
    const body = {
      username,
      enabled: true,
      groups,
      // The one who signs in has a complete profile: Keycloak asks for email and names at sign-in otherwise.
      ...(password
        ? {
            credentials: [{ type: "password", value: password, temporary: false }],
            email: `${username}@example.com`,
            firstName: username,
            lastName: "Support",
          }
        : {}),
    };
    const created = await api(`${REALM}/users`, { method: "POST", body });
    assert.equal(created.status, 201, await created.text());
    ids[username] = (await json<{ id: string }[]>(`${REALM}/users?username=${username}&exact=true`))[0]!.id;
  };

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    // The element page takes an admin-cli token, which who-am-I answers only for a console client.
    await markAdminCliAsConsoleClient(api, "master");
    const realm = await json<Record<string, unknown>>(REALM);
    assert.equal((await api(REALM, { method: "PUT", body: { ...realm, adminPermissionsEnabled: true } })).status, 204);
    for (const name of ["Support desk", "Key customers"])
      assert.equal((await api(`${REALM}/groups`, { method: "POST", body: { name } })).status, 201);
    for (const name of ["kc-anna", "kc-bert", "kc-carl"]) await createUser(name, ["/Key customers"]);
    await createUser("outsider-olga", []);
    await createUser("support-sam", ["/Support desk"], "support-sam-pw");
    await createUser("realm-rita", []);
    const [management] = await json<{ id: string }[]>(`${REALM}/clients?clientId=realm-management`);
    const queryUsers = await json<unknown>(`${REALM}/clients/${management!.id}/roles/query-users`);
    const mapped = await api(`${REALM}/users/${ids["support-sam"]}/role-mappings/clients/${management!.id}`, {
      method: "POST",
      body: [queryUsers],
    });
    assert.equal(mapped.status, 204);
    const realmAdmin = await json<unknown>(`${REALM}/clients/${management!.id}/roles/realm-admin`);
    const ritaMapped = await api(`${REALM}/users/${ids["realm-rita"]}/role-mappings/clients/${management!.id}`, {
      method: "POST",
      body: [realmAdmin],
    });
    assert.equal(ritaMapped.status, 204);
    const [client] = await json<{ id: string }[]>(`${REALM}/clients?clientId=admin-permissions`);
    const authz = `${REALM}/clients/${client!.id}/authz/resource-server`;
    const groups = await json<{ id: string; name: string }[]>(`${REALM}/groups?briefRepresentation=true`);
    const groupId = (name: string) => groups.find((group) => group.name === name)!.id;
    const policy = await json<{ id: string }>(`${authz}/policy/group`, {
      method: "POST",
      body: { name: "Support desk members", groups: [{ id: groupId("Support desk"), extendChildren: false }] },
    });
    await json(`${authz}/permission/scope`, {
      method: "POST",
      body: {
        name: "Support handles key customers",
        resourceType: "Groups",
        resources: [groupId("Key customers")],
        scopes: ["view-members", "manage-members"],
        policies: [policy.id],
      },
    });
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("lists only the group's members with their total, saves an edit, and is refused anyone else", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "permissions-support-user", async () => {
      await page.goto(`${server.baseUrl}/admin/demo/console/`);
      await signIn(page, { username: "support-sam", password: "support-sam-pw" });
      await page.getByTestId("dashboard-title").waitFor();
      await page.getByRole("navigation", { name: "Console navigation" }).getByRole("link", { name: "Users" }).click();
      const list = page.getByRole("grid", { name: "Users" });
      await waitForTable(list);
      await list.getByRole("link", { name: "kc-anna" }).waitFor();
      const shown = await list.getByRole("link").allInnerTexts();
      assert.deepEqual(shown.sort(), ["kc-anna", "kc-bert", "kc-carl"]);
      const total = await page.locator(".pf-v6-c-menu-toggle").filter({ hasText: "1 - 3" }).first().innerText();
      assert.match(total, /1 - 3\s*\/\s*3/, "the total counts the group's members only");
      assert.equal(await page.getByRole("button", { name: "Create user" }).count(), 0, "no user can be created");
      await screenshot(page, "permissions-support-users");

      await list.getByRole("link", { name: "kc-bert" }).click();
      await page.getByRole("heading", { level: 1, name: "kc-bert" }).waitFor();
      await page.getByRole("textbox", { name: "First name" }).fill("Bert");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("The user has been saved").first().waitFor();
      assert.equal((await json<{ firstName?: string }>(`${REALM}/users/${ids["kc-bert"]}`)).firstName, "Bert");
      await screenshot(page, "permissions-support-user-details");
      // manage-members gives no map-roles nor manage-group-membership: the console offers neither.
      await page.getByRole("tab", { name: "Role mapping" }).click();
      await page.getByRole("tab", { name: "Role mapping", selected: true }).waitFor();
      // The tab's content first (its roles or its empty state), then what it offers.
      await page
        .getByRole("grid", { name: "Assigned roles" })
        .locator("tbody tr")
        .first()
        .or(page.getByText("No roles assigned"))
        .waitFor();
      assert.equal(await page.getByRole("button", { name: "Assign role" }).count(), 0, "no 'Assign role'");
      await page.getByRole("tab", { name: "Groups" }).click();
      // The member's group shows only to who may view the group itself (view-members is not view), as on Keycloak.
      await page.getByText("No groups").waitFor();
      assert.equal(await page.getByRole("button", { name: "Join Group" }).count(), 0, "no 'Join Group'");

      const token = await page.evaluate(async () => {
        const host = document.querySelector("kc-admin-console") as unknown as { getToken?: () => Promise<string> };
        return host?.getToken ? await host.getToken() : undefined;
      });
      const supportToken =
        token ??
        (
          (await (
            await fetch(`${server.baseUrl}/realms/demo/protocol/openid-connect/token`, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({
                grant_type: "password",
                client_id: "admin-cli",
                username: "support-sam",
                password: "support-sam-pw",
              }),
            })
          ).json()) as { access_token: string }
        ).access_token;
      const outside = await fetch(`${server.baseUrl}${REALM}/users/${ids["outsider-olga"]}`, {
        headers: { authorization: `Bearer ${supportToken}` },
      });
      assert.equal(outside.status, 403, "a user outside the group");
    });
    await page.close();
  });

  /** The effective-access tab, already open: the support user's grant and gaps, then a realm admin's legacy bypass. */
  async function effectiveAccessScenario(page: Page, host: string, shot: string, typeDeny?: string) {
    assert.ok(await page.getByRole("button", { name: "Show access" }).isDisabled(), "nothing to show before a user");
    await page.getByRole("combobox", { name: "User" }).fill("support-s");
    await page.getByRole("option", { name: /^support-sam/ }).click();
    await page.getByRole("button", { name: /^Resource type/ }).click();
    await page.getByRole("option", { name: "Groups", exact: true }).click();
    await page.getByRole("combobox", { name: "Resource" }).fill("Key");
    await page.getByRole("option", { name: /Key customers/ }).click();
    await page.getByRole("button", { name: "Show access" }).click();

    const group = page.getByRole("region", { name: "Groups: /Key customers" });
    const row = (scope: string) => group.getByRole("row", { name: new RegExp(`^${scope} `) });
    await row("view-members").getByText("Support handles key customers").waitFor();
    await row("manage-members").getByText("Granted").waitFor();
    await row("view").getByText("Not granted").waitFor();
    const users = page.getByRole("region", { name: "All Users" });
    await users.getByText("No view on all Users").waitFor();
    // A permission on all users whose policy denies support-sam is named where it denies.
    if (typeDeny)
      await users
        .getByRole("row", { name: /^view / })
        .getByText(`Denied by ${typeDeny}`)
        .waitFor();
    assert.equal(await users.getByText("Lacks query-users").count(), 0, "support-sam holds query-users");
    await page.getByRole("region", { name: "All Groups" }).getByText("Lacks query-groups").waitFor();
    assert.deepEqual(await seriousAxeViolations(page, host), [], `${shot}: support user`);
    await screenshot(page, `${shot}-support`);

    await page.getByRole("combobox", { name: "User" }).fill("realm-r");
    await page.getByRole("option", { name: /^realm-rita/ }).click();
    await page.getByRole("button", { name: "Show access" }).click();
    const rita = page.getByRole("region", { name: "All Users" });
    await rita
      .getByText(/Holds the legacy admin role view-users, manage-users: v2 permissions are not consulted/)
      .waitFor();
    await rita
      .getByRole("row", { name: /^reset-password / })
      .getByText("Role manage-users")
      .waitFor();
    assert.deepEqual(await seriousAxeViolations(page, host), [], `${shot}: realm admin`);
    await screenshot(page, `${shot}-legacy`);
  }

  it("effective access in the console: the support user's group grant and what it lacks; a realm admin bypasses v2", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    // A permission on all users for someone else: its policy denies support-sam (removed after this test).
    const [client] = await json<{ id: string }[]>(`${REALM}/clients?clientId=admin-permissions`);
    const authz = `${REALM}/clients/${client!.id}/authz/resource-server`;
    const onlyOlga = await json<{ id: string }>(`${authz}/policy/user`, {
      method: "POST",
      body: { name: "Only Olga", users: [ids["outsider-olga"]] },
    });
    const typeDeny = await json<{ id: string }>(`${authz}/permission/scope`, {
      method: "POST",
      body: {
        name: "Olga views all users",
        resourceType: "Users",
        resources: [],
        scopes: ["view"],
        policies: [onlyOlga.id],
      },
    });
    await withFailureShot(page, "permissions-effective-access", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/`);
      await signIn(page, server.admin);
      await page.getByTestId("dashboard-title").waitFor();
      await page.evaluate(() => (location.hash = "#/demo/permissions"));
      await page.getByRole("tab", { name: "Effective access" }).click();
      await page.getByRole("tab", { name: "Effective access", selected: true }).waitFor();
      await effectiveAccessScenario(page, "kc-admin-console", "permissions-effective-access", "Olga views all users");
    });
    await page.close();
    for (const path of [`permission/${typeDeny.id}`, `policy/${onlyOlga.id}`])
      assert.equal((await api(`${authz}/${path}`, { method: "DELETE" })).status, 204, path);
  });

  it("effective access in <kc-permissions-admin>, dark theme", async () => {
    const { page } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "permissions-effective-access-element-dark", async () => {
      await page.goto(`${server.baseUrl}/demo/test-elements/permissions.html?theme=dark`);
      await page.getByRole("tab", { name: "Effective access" }).click();
      await page.getByRole("tab", { name: "Effective access", selected: true }).waitFor();
      await effectiveAccessScenario(page, "kc-permissions-admin", "permissions-effective-access-element-dark");
    });
    await page.close();
  });
});
