import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot, waitForTable, withFailureShot } from "./organizations-support.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { eventually } from "../support/eventually.ts";

const TIMEOUT = STEP_TIMEOUT;
const USERS = "/admin/realms/demo/users";

interface UserRep {
  id: string;
  username: string;
  requiredActions?: string[];
  attributes?: Record<string, string[]>;
}

describe("users screens", () => {
  let server: TestServer;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    server = await startTarget({ demoPages: true });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
    await markAdminCliAsConsoleClient(api, "demo");
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const findUser = async (username: string): Promise<UserRep | undefined> => {
    const list = (await (
      await api(`${USERS}?username=${encodeURIComponent(username)}&exact=true`)
    ).json()) as UserRep[];
    return list.find((user) => user.username === username);
  };
  const json = async <T>(path: string): Promise<T> => (await (await api(path)).json()) as T;

  /**
   * Create a user, add an attribute, set a temporary password, join a nested group, assign a
   * client role, see it under role mapping, revoke it, delete the user; each checked through the admin API.
   */
  async function driveUserLifecycle(page: Page, host: string, inner: string, username: string, shots: string) {
    const list = page.getByRole("grid", { name: "Users" });
    await waitForTable(list);
    assert.deepEqual(await seriousAxeViolations(page, host, inner), [], "users list");
    await screenshot(page, `${shots}-list`);

    await page.getByRole("button", { name: "Create user" }).first().click();
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Email", { exact: true }).fill(`${username}@example.com`);
    await page.getByLabel("First name", { exact: true }).fill("Erin");
    await page.getByLabel("Last name", { exact: true }).fill("Example");
    assert.deepEqual(await seriousAxeViolations(page, host, inner), [], "create user");
    await screenshot(page, `${shots}-create`);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: username }).waitFor();
    const created = await findUser(username);
    assert.ok(created, "user created");
    const id = created.id;
    assert.deepEqual(await seriousAxeViolations(page, host, inner), [], "user details");
    await screenshot(page, `${shots}-details`);

    await page.getByRole("tab", { name: "Attributes" }).click();
    await page.getByLabel("Key 1").fill("department");
    await page.getByLabel("Value 1").fill("research");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("The user has been saved").waitFor();
    assert.deepEqual(await seriousAxeViolations(page, host, inner), [], "attributes tab");
    assert.deepEqual((await json<UserRep>(`${USERS}/${id}`)).attributes?.department, ["research"]);

    await page.getByRole("tab", { name: "Credentials" }).click();
    await page.getByRole("button", { name: "Set password" }).click();
    const passwordDialog = page.getByRole("dialog", { name: /Set password/ });
    await passwordDialog.getByRole("textbox", { name: "Password", exact: true }).fill("Secret-123");
    await passwordDialog.getByRole("textbox", { name: "Password confirmation" }).fill("Secret-123");
    assert.deepEqual(await seriousAxeViolations(page, host, inner), [], "set password dialog");
    await passwordDialog.getByRole("button", { name: "Set password" }).click();
    await page.getByText("The password has been set successfully.").waitFor();
    const credentials = await json<{ type: string }[]>(`${USERS}/${id}/credentials`);
    assert.ok(
      credentials.some((credential) => credential.type === "password"),
      "password credential",
    );
    assert.ok(
      (await json<UserRep>(`${USERS}/${id}`)).requiredActions?.includes("UPDATE_PASSWORD"),
      "temporary password asks for a new one",
    );
    await page.getByRole("grid", { name: "Credentials" }).getByText("Password", { exact: true }).waitFor();
    await screenshot(page, `${shots}-credentials`);

    await page.getByRole("tab", { name: "Groups" }).click();
    await waitForTable(page.getByRole("grid", { name: "Group membership" }));
    await page.getByRole("button", { name: "Join Group" }).first().click();
    const picker = page.getByRole("dialog");
    await picker.getByRole("button", { name: "Open Sales" }).click();
    await picker.getByRole("row").filter({ hasText: "EMEA" }).getByRole("checkbox").click();
    await picker.getByRole("button", { name: "Select", exact: true }).click();
    await page.getByText("Added group membership").waitFor();
    const groups = await json<{ path: string }[]>(`${USERS}/${id}/groups`);
    assert.ok(
      groups.some((group) => group.path === "/Sales/EMEA"),
      `nested group joined: ${JSON.stringify(groups)}`,
    );
    await page.getByRole("grid", { name: "Group membership" }).getByText("/Sales/EMEA").waitFor();
    assert.deepEqual(await seriousAxeViolations(page, host, inner), [], "groups tab");
    await screenshot(page, `${shots}-groups`);

    await page.getByRole("tab", { name: "Role mapping" }).click();
    await page.getByRole("button", { name: "Assign role" }).first().click();
    const assign = page.getByRole("dialog");
    await assign.getByRole("button", { name: "Client roles" }).click();
    const writeRow = assign.getByRole("row").filter({ hasText: "backend-api" }).filter({ hasText: "write" });
    await writeRow.getByRole("checkbox").click();
    assert.deepEqual(await seriousAxeViolations(page, host, inner), [], "assign role dialog");
    await assign.getByRole("button", { name: "Assign", exact: true }).click();
    const mapped = page
      .getByRole("grid", { name: "Assigned roles" })
      .getByRole("row")
      .filter({ hasText: "backend-api" })
      .filter({ hasText: "write" });
    await mapped.waitFor();
    const clientId = (await json<{ id: string }[]>("/admin/realms/demo/clients?clientId=backend-api"))[0]!.id;
    const clientMappings = await json<{ name: string }[]>(`${USERS}/${id}/role-mappings/clients/${clientId}`);
    assert.deepEqual(
      clientMappings.map((role) => role.name),
      ["write"],
    );
    await screenshot(page, `${shots}-role-mapping`);

    await mapped.getByRole("checkbox").click();
    await page.getByRole("button", { name: "Unassign" }).first().click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Unassign|Confirm|Remove/ })
      .click();
    await mapped.waitFor({ state: "detached" });
    assert.deepEqual(await json<unknown[]>(`${USERS}/${id}/role-mappings/clients/${clientId}`), []);

    await page
      .getByRole("button", { name: "Actions" })
      .or(page.getByRole("button", { name: "Kebab toggle" }))
      .first()
      .click();
    await page.getByRole("menuitem", { name: "Delete user" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("The user has been deleted").waitFor();
    assert.equal((await api(`${USERS}/${id}`)).status, 404);
    await waitForTable(list);
  }

  /** Runs a scenario; on failure keeps a screenshot of the page as it was. */

  it("drives a user's life in the full console", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await withFailureShot(page, "users-console", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByTestId("dashboard-title").waitFor();
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/users`);
      await driveUserLifecycle(page, "kc-admin-console", "main", "erin-console", "users-console");
    });
    assert.match(page.url(), /#\/demo\/users$/);
  });

  it("drives a user's life in <kc-users-admin>, announcing each change", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const serverInfoReads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/admin/serverinfo") serverInfoReads.push(request.url());
    });
    await page.goto(`${server.baseUrl}/demo/test-elements/users.html`);
    await page.locator("kc-users-admin").getByRole("link", { name: "alice.anderson" }).waitFor();
    assert.deepEqual(serverInfoReads, [], "the users list needs no server info, so the element does not ask for it");
    await withFailureShot(page, "users-element", () =>
      driveUserLifecycle(page, "kc-users-admin", ".kc-element-root", "erin-element", "users-element"),
    );
    const events = (await page.evaluate(() => (window as unknown as { kcEvents: { type: string }[] }).kcEvents)).map(
      (event) => event.type,
    );
    for (const type of ["kc-user-created", "kc-user-updated", "kc-user-deleted"])
      assert.ok(events.includes(type), `${type} in ${events.join(", ")}`);
    // Attributes, password, group join, role assigned, role unassigned: each change of the user is announced.
    assert.ok(
      events.filter((type) => type === "kc-user-updated").length >= 5,
      `updates announced: ${events.join(", ")}`,
    );
    assert.match(page.url(), /users\.html$/, "memory routing leaves the host's address alone");
  });

  it("shows helpdesk (view and query only) no create, edit or delete control, and calls nothing that needs manage-users", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const adminCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/admin/"))
        adminCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(
      `${server.baseUrl}/demo/test-elements/users.html?token-realm=demo&username=helpdesk&password=helpdesk`,
    );
    await withFailureShot(page, "users-helpdesk", async () => {
      const list = page.getByRole("grid", { name: "Users" });
      await waitForTable(list);
      assert.equal(await page.getByRole("button", { name: "Create user" }).count(), 0);
      assert.equal(await page.getByRole("button", { name: "Delete" }).count(), 0);
      assert.equal(await list.getByRole("checkbox").count(), 0, "no selection for bulk delete");
      await list.getByRole("link", { name: "bob.brown" }).click();
      await page.getByRole("heading", { level: 1, name: "bob.brown" }).waitFor();
      await page.getByRole("tab", { name: "Groups" }).click();
      await waitForTable(page.getByRole("grid", { name: "Group membership" }));
      await page.getByRole("tab", { name: "Attributes" }).click();
      await page.getByRole("tab", { name: "Role mapping" }).click();
      await page.getByRole("tab", { name: "Sessions" }).click();
      await page.getByText("No sessions").waitFor();
      for (const name of ["Save", "Join Group", "Assign role", "Set password", "Reset password", "Delete user"])
        assert.equal(await page.getByRole("button", { name }).count(), 0, `no '${name}'`);
      assert.equal(await page.getByRole("tab", { name: "Credentials" }).count(), 0, "credentials need manage-users");
      assert.equal(await page.getByRole("switch", { name: "Enabled" }).count(), 0);
      assert.deepEqual(await seriousAxeViolations(page, "kc-users-admin"), [], "read-only details");
      await screenshot(page, "users-helpdesk-details");
    });
    const changes = adminCalls.filter((call) => !call.startsWith("GET "));
    assert.deepEqual(changes, [], "no changing call");
    const manageOnly = adminCalls.filter((call) =>
      /\/credentials|\/components|\/authentication\/required-actions|\/impersonation/.test(call),
    );
    assert.deepEqual(manageOnly, [], "no call that needs a role helpdesk lacks");
  });

  it("looks right in the dark theme", async () => {
    const { page } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/test-elements/users.html?theme=dark`);
    const list = page.getByRole("grid", { name: "Users" });
    await waitForTable(list);
    await screenshot(page, "users-dark-list");
    await list.getByRole("link", { name: "alice.anderson" }).click();
    await page.getByRole("heading", { level: 1, name: "alice.anderson" }).waitFor();
    await screenshot(page, "users-dark-details");
    await page.getByRole("tab", { name: "Credentials" }).click();
    await page.getByRole("grid", { name: "Credentials" }).or(page.getByText("No credentials")).first().waitFor();
    await screenshot(page, "users-dark-credentials");
    assert.deepEqual(await seriousAxeViolations(page, "kc-users-admin"), [], "dark credentials");
  });

  it("searches attributes, renames a credential, links and unlinks an identity provider, signs a session out", async () => {
    const created = await api(USERS, {
      method: "POST",
      body: {
        username: "frank-tabs",
        enabled: true,
        email: "frank-tabs@example.com",
        firstName: "Frank",
        lastName: "Tabs",
        attributes: { team: ["blue"] },
        credentials: [
          { type: "password", value: "Frank-123", temporary: false },
          {
            type: "recovery-authn-codes",
            userLabel: "Recovery codes",
            secretData: JSON.stringify({ codes: [{ number: 1, encodedHashedValue: "bm90LWEtcmVhbC1oYXNo" }] }),
            credentialData: JSON.stringify({ algorithm: "SHA-512", totalCodes: 12, remainingCodes: 1 }),
          },
        ],
      },
    });
    assert.equal(created.status, 201, await created.text());
    const id = (await findUser("frank-tabs"))!.id;
    const provider = await api("/admin/realms/demo/identity-provider/instances", {
      method: "POST",
      body: {
        alias: "partner-idp",
        displayName: "Partner",
        providerId: "oidc",
        enabled: true,
        config: {
          clientId: "x",
          clientSecret: "y",
          authorizationUrl: "https://idp.example.com/auth",
          tokenUrl: "https://idp.example.com/token",
        },
      },
    });
    assert.equal(provider.status, 201, await provider.text());
    const login = await fetch(`${server.baseUrl}/realms/demo/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "admin-cli",
        username: "frank-tabs",
        password: "Frank-123",
      }),
    });
    assert.equal(login.status, 200, "frank signs in once, so he has a session");

    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/test-elements/users.html`);
    await withFailureShot(page, "users-tabs", async () => {
      const list = page.getByRole("grid", { name: "Users" });
      await waitForTable(list);
      const search = page.getByPlaceholder("Search user").first();
      await search.fill("team:blue");
      await search.press("Enter");
      await list.getByRole("link", { name: "frank-tabs" }).waitFor();
      assert.equal(await list.locator("tbody tr").count(), 1, "attribute search finds only frank");
      await screenshot(page, "users-attribute-search");
      await list.getByRole("link", { name: "frank-tabs" }).click();

      await page.getByRole("tab", { name: "Credentials" }).click();
      await page.getByRole("button", { name: "Edit label of password" }).click();
      const label = page.getByRole("textbox", { name: "User label" });
      await label.fill("main password");
      await label.press("Enter");
      await page.getByText("The user label has been changed successfully.").waitFor();
      const credentials = await json<{ type: string; userLabel?: string }[]>(`${USERS}/${id}/credentials`);
      assert.equal(credentials.find((credential) => credential.type === "password")?.userLabel, "main password");

      // Recovery codes as Keycloak's console lists them: the type name capitalised, its label, and Delete.
      const recoveryRow = page.getByRole("row").filter({ hasText: "Recovery-authn-codes" });
      assert.equal(await recoveryRow.getByText("Recovery codes", { exact: true }).count(), 1, "its label");
      await recoveryRow.getByRole("button", { name: "Delete credential recovery-authn-codes" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete credentials?" });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await page.getByText("The credentials has been deleted successfully.").waitFor();
      await recoveryRow.waitFor({ state: "detached" });
      const remaining = await json<{ type: string }[]>(`${USERS}/${id}/credentials`);
      assert.deepEqual(
        remaining.map((credential) => credential.type),
        ["password"],
        "the recovery codes are gone",
      );

      await page.getByRole("tab", { name: "Identity provider links" }).click();
      await page.getByRole("button", { name: "Link account partner-idp" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("textbox", { name: "User ID" }).fill("partner-42");
      await dialog.getByRole("textbox", { name: "Username" }).fill("frank@partner");
      assert.deepEqual(await seriousAxeViolations(page, "kc-users-admin"), [], "link dialog");
      await dialog.getByRole("button", { name: "Link account" }).click();
      await page.getByText("Identity provider has been linked").waitFor();
      assert.deepEqual(
        await json<{ identityProvider: string; userId: string; userName: string }[]>(
          `${USERS}/${id}/federated-identity`,
        ),
        [{ identityProvider: "partner-idp", userId: "partner-42", userName: "frank@partner" }],
      );
      await screenshot(page, "users-identity-links");
      await page.getByRole("button", { name: "Unlink account partner-idp" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Unlink account" }).click();
      await page.getByText("The provider link has been removed").waitFor();
      assert.deepEqual(await json<unknown[]>(`${USERS}/${id}/federated-identity`), []);

      await page.getByRole("tab", { name: "Sessions" }).click();
      const sessions = page.getByRole("grid", { name: "Sessions" });
      await waitForTable(sessions);
      await screenshot(page, "users-sessions");
      assert.deepEqual(await seriousAxeViolations(page, "kc-users-admin"), [], "sessions tab");
      await sessions
        .getByRole("button", { name: /^Sign out/ })
        .first()
        .click();
      await page.getByRole("dialog").getByRole("button", { name: "Sign out", exact: true }).click();
      await page.getByText("The session was signed out").waitFor();
      assert.deepEqual(await json<unknown[]>(`${USERS}/${id}/sessions`), []);
      await page.getByText("No sessions").waitFor();
    });
  });

  it("creates with required actions and email verified, unlocks a locked user, deletes several at once", async () => {
    const realm = await json<Record<string, unknown>>("/admin/realms/demo");
    const protect = await api("/admin/realms/demo", {
      method: "PUT",
      body: {
        ...realm,
        bruteForceProtected: true,
        failureFactor: 2,
        waitIncrementSeconds: 600,
        maxFailureWaitSeconds: 900,
      },
    });
    assert.equal(protect.status, 204, await protect.text());
    const carol = (await findUser("carol.chen"))!;
    const lockout = `/admin/realms/demo/attack-detection/brute-force/users/${carol.id}`;
    for (let attempt = 1; attempt <= 2; attempt++) {
      await fetch(`${server.baseUrl}/realms/demo/protocol/openid-connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "password",
          client_id: "admin-cli",
          username: "carol.chen",
          password: "wrong",
        }),
      });
      // Keycloak records each failure asynchronously: one at a time, each seen recorded before the next.
      await eventually(
        () => json<{ numFailures: number }>(lockout),
        (state) => state.numFailures >= attempt,
      );
    }
    const locked = await eventually(
      () => json<{ disabled: boolean }>(lockout),
      (state) => state.disabled,
    );
    assert.equal(locked.disabled, true, "carol is locked");

    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/test-elements/users.html`);
    await withFailureShot(page, "users-more", async () => {
      const list = page.getByRole("grid", { name: "Users" });
      await waitForTable(list);
      const carolRow = list
        .getByRole("row")
        .filter({ has: page.getByRole("link", { name: "carol.chen", exact: true }) });
      await carolRow.getByText("Temporarily locked").waitFor();
      await screenshot(page, "users-locked");
      await carolRow.getByRole("button", { name: "Unlock carol.chen" }).click();
      await page.getByText("User successfully unlocked").waitFor();
      assert.equal(
        (await json<{ disabled: boolean }>(`/admin/realms/demo/attack-detection/brute-force/users/${carol.id}`))
          .disabled,
        false,
        "carol is unlocked",
      );
      await carolRow.getByText("Temporarily locked").waitFor({ state: "detached" });

      await page.getByRole("button", { name: "Create user" }).first().click();
      await page.getByLabel("Username", { exact: true }).fill("bob.brown");
      await page.getByLabel("First name", { exact: true }).fill("Another Bob");
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await page.getByText("Could not create user: User exists with same username").waitFor();
      assert.equal(
        await page.getByLabel("First name", { exact: true }).inputValue(),
        "Another Bob",
        "the form keeps what was typed",
      );
      await page.getByRole("link", { name: "Users", exact: true }).click();
      // What was typed is not saved: leaving asks first.
      await page
        .getByRole("dialog", { name: "Unsaved changes" })
        .getByRole("button", { name: "Leave and discard changes" })
        .click();
      await waitForTable(list);

      for (const username of ["gina-one", "gina-two"]) {
        await page.getByRole("button", { name: "Create user" }).first().click();
        await page.getByLabel("Username", { exact: true }).fill(username);
        const choice = (name: string) =>
          page.getByRole("menuitem", { name }).or(page.getByRole("option", { name })).first();
        if (username === "gina-one") {
          // as the upstream console: only the realm's enabled actions, and a new realm has Update Email off
          await page.getByRole("combobox", { name: "Required user actions" }).fill("Update");
          await choice("Update Password").waitFor();
          assert.equal(await choice("Update Email").count(), 0, "Update Email is not offered while disabled");
          await page.keyboard.press("Escape");
          // internationalization is on in demo: the profile's locale attribute is a select of the realm's locales
          await page.getByLabel("Select a locale", { exact: true }).click();
          await choice("Deutsch").click();
          await choice("Deutsch").waitFor({ state: "hidden" });
        }
        await page.getByRole("combobox", { name: "Required user actions" }).fill("Verify");
        const verifyEmail = choice("Verify Email");
        await verifyEmail.click();
        await page.keyboard.press("Escape");
        // The closing menu would otherwise take the click meant for the switch below it; the switch's toggle
        // covers its input, so the click goes through the toggle (the label) as a pointer user's would.
        await verifyEmail.waitFor({ state: "hidden" });
        await page.getByRole("switch", { name: "Email verified" }).check({ force: true });
        await page.getByRole("button", { name: "Create", exact: true }).click();
        await page.getByRole("heading", { level: 1, name: username }).waitFor();
        const created = (await findUser(username))!;
        const full = await json<{
          requiredActions: string[];
          emailVerified: boolean;
          attributes?: Record<string, string[]>;
        }>(`${USERS}/${created.id}`);
        assert.deepEqual(full.requiredActions, ["VERIFY_EMAIL"]);
        assert.equal(full.emailVerified, true);
        assert.deepEqual(full.attributes?.locale, username === "gina-one" ? ["de"] : undefined, "the chosen locale");
        if (username === "gina-one")
          assert.match(
            (await page.getByLabel("Select a locale", { exact: true }).textContent()) ?? "",
            /Deutsch/,
            "the details show the user's locale",
          );
        await page.getByRole("link", { name: "Users", exact: true }).click();
      }
      await waitForTable(list);
      const search = page.getByPlaceholder("Search user").first();
      await search.fill("gina");
      await search.press("Enter");
      await list.getByRole("link", { name: "gina-two" }).waitFor();
      await list
        .getByRole("checkbox", { name: /Select all/i })
        .or(list.locator("thead input[type=checkbox]"))
        .first()
        .click();
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await page.getByText("2 users were deleted.").waitFor();
      assert.equal(await findUser("gina-one"), undefined);
      assert.equal(await findUser("gina-two"), undefined);
      const events = (await page.evaluate(() => (window as unknown as { kcEvents: { type: string }[] }).kcEvents)).map(
        (event) => event.type,
      );
      assert.equal(events.filter((type) => type === "kc-user-deleted").length, 2);
    });
  });

  it("opens the created user when joining a chosen group fails, with the server's message", async () => {
    const created = await api("/admin/realms/demo/groups", { method: "POST", body: { name: "doomed-group" } });
    assert.equal(created.status, 201, await created.text());
    const groupId = created.headers.get("location")!.split("/").at(-1)!;
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/test-elements/users.html`);
    await withFailureShot(page, "users-join-fails", async () => {
      await waitForTable(page.getByRole("grid", { name: "Users" }));
      await page.getByRole("button", { name: "Create user" }).first().click();
      await page.getByLabel("Username", { exact: true }).fill("harry-joins");
      await page.getByRole("button", { name: "Join Groups" }).click();
      const picker = page.getByRole("dialog");
      await picker.getByRole("row").filter({ hasText: "doomed-group" }).getByRole("checkbox").click();
      await picker.getByRole("button", { name: "Select", exact: true }).click();
      await picker.waitFor({ state: "detached" });
      assert.equal((await api(`/admin/realms/demo/groups/${groupId}`, { method: "DELETE" })).status, 204);
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await page.getByText(/The user was created, but could not join the chosen groups: .+/).waitFor();
      await page.getByRole("heading", { level: 1, name: "harry-joins" }).waitFor();
      await page.getByRole("tab", { name: "Groups", selected: true }).waitFor();
      assert.ok(await findUser("harry-joins"), "the user exists");
    });
  });

  const federated = "never lists a federated realm unfiltered: asks for a search first";
  it(federated, async () => {
    const realm = await json<{ id: string }>("/admin/realms/demo");
    const created = await api("/admin/realms/demo/components", {
      method: "POST",
      body: {
        name: "corporate-ldap",
        providerId: "ldap",
        providerType: "org.keycloak.storage.UserStorageProvider",
        parentId: realm.id,
        config: { enabled: ["true"], editMode: ["READ_ONLY"] },
      },
    });
    assert.equal(created.status, 201, await created.text());
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    const listCalls: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (/\/users$|brute-force-user$/.test(url.pathname)) listCalls.push(url.search);
    });
    await page.goto(`${server.baseUrl}/demo/test-elements/users.html`);
    await withFailureShot(page, "users-federated", async () => {
      await page.getByRole("heading", { name: "Start by searching for users" }).waitFor();
      assert.equal(listCalls.length, 0, "no unfiltered listing");
      assert.deepEqual(await seriousAxeViolations(page, "kc-users-admin"), [], "search first");
      await screenshot(page, "users-federated-search");
      const search = page.getByRole("searchbox").or(page.getByPlaceholder("Search user")).first();
      await search.fill("bob");
      await search.press("Enter");
      await page.getByRole("grid", { name: "Users" }).getByRole("link", { name: "bob.brown" }).waitFor();
      assert.ok(
        listCalls.every((query) => new URLSearchParams(query).get("search") === "bob"),
        `every listing is filtered: ${listCalls.join(", ")}`,
      );
    });

    // helpdesk has query-users but not view-realm: the element learns of the federation from the realm info.
    listCalls.length = 0;
    await page.goto(
      `${server.baseUrl}/demo/test-elements/users.html?token-realm=demo&username=helpdesk&password=helpdesk`,
    );
    await withFailureShot(page, "users-federated-helpdesk", async () => {
      await page.getByRole("heading", { name: "Start by searching for users" }).waitFor();
      assert.equal(listCalls.length, 0, "no unfiltered listing for helpdesk either");
    });
  });
});
