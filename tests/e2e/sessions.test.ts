import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { masterAdminApi, type Api } from "./realm-settings-support.ts";
import { markAdminCliAsConsoleClient, screenshot } from "./organizations-support.ts";
import { codeFlowSignIn, refreshStatus } from "./sessions-support.ts";

const TIMEOUT = STEP_TIMEOUT;
const REALM = "sessions-e2e";
const ANN = { username: "ann", password: "ann-secret" };
const BEN = { username: "ben", password: "ben-secret" };

describe("sessions screen", () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let adapter: Server;
  let console: Page;
  const pushes: string[] = [];

  const signInAs = (client: string, user: typeof ANN, scope?: string) =>
    codeFlowSignIn(browser, server.baseUrl, REALM, client, user, scope);
  const refresh = (client: string, token: string) => refreshStatus(server.baseUrl, REALM, client, token);
  const table = () => console.getByRole("grid", { name: "Sessions" });
  const row = (text: string) => table().getByRole("row").filter({ hasText: text });
  const reloadList = async () => {
    await console.reload();
    await console.getByRole("heading", { name: "Sessions", level: 1, exact: true }).waitFor();
  };
  const confirmDialog = async (button: string) => {
    const dialog = console.getByRole("dialog");
    await dialog.getByRole("button", { name: button, exact: true }).click();
    await dialog.waitFor({ state: "detached" });
  };

  before(async () => {
    adapter = createServer((req, res) => {
      pushes.push(req.url ?? "");
      req.resume();
      req.on("end", () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => adapter.listen(0, "127.0.0.1", resolve));
    server = await startTarget({ demoPages: true, seedDemo: false });
    browser = await launchBrowser();
    api = masterAdminApi(server.baseUrl);
    await markAdminCliAsConsoleClient(api, "master");
    await api(`/admin/realms/${REALM}`, { method: "DELETE" }); // one an earlier run left on a reused Keycloak
    assert.equal((await api("/admin/realms", { method: "POST", body: { realm: REALM, enabled: true } })).status, 201);
    const { port } = adapter.address() as AddressInfo;
    for (const clientId of ["app-a", "app-b"]) {
      const created = await api(`/admin/realms/${REALM}/clients`, {
        method: "POST",
        body: {
          clientId,
          publicClient: true,
          redirectUris: [`${server.baseUrl}/*`],
          ...(clientId === "app-a" ? { adminUrl: `http://127.0.0.1:${port}/app-a` } : {}),
        },
      });
      assert.equal(created.status, 201);
    }
    for (const user of [ANN, BEN]) {
      const created = await api(`/admin/realms/${REALM}/users`, {
        method: "POST",
        body: {
          username: user.username,
          // A complete profile: Keycloak's new realms require these for users, and ask for them at sign-in otherwise.
          email: `${user.username}@example.com`,
          firstName: user.username,
          lastName: "Tester",
          enabled: true,
          credentials: [{ type: "password", value: user.password, temporary: false }],
        },
      });
      assert.equal(created.status, 201);
    }
    ({ page: console } = await newPage(browser));
    console.setDefaultTimeout(TIMEOUT);
    await console.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/sessions`);
    await signIn(console, { username: "admin", password: "admin" });
    await console.getByRole("heading", { name: "Sessions", level: 1, exact: true }).waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
    adapter?.close();
  });

  it("shows two real sign-ins with their clients and totals; signing one out makes its refresh fail", async () => {
    await console.getByText("There are currently no active sessions in this realm.").waitFor();
    // No browser or device column: Keycloak records neither for a session, and the screen says so.
    await console.getByText("Keycloak records no browser or device for a session").waitFor();
    const ann = await signInAs("app-a", ANN);
    const ben = await signInAs("app-b", BEN);
    await reloadList();
    await row("ann").waitFor();
    assert.match(await row("ann").innerText(), /Regular SSO[\s\S]*app-a/);
    assert.match(await row("ben").innerText(), /Regular SSO[\s\S]*app-b/);
    assert.equal(
      await console.getByTestId("sessions-totals").innerText(),
      "About 2 active and 0 offline client sessions",
    );
    await row("ann").getByRole("link", { name: "ann" }).click();
    await console.getByRole("heading", { name: "ann" }).waitFor();
    await console.goBack();
    await row("ann").waitFor();
    assert.deepEqual(await seriousAxeViolations(console, "kc-admin-console", "main"), []);
    await screenshot(console, "sessions-list");

    await row("ann")
      .getByRole("button", { name: /^Sign out ann/ })
      .click();
    await console.getByRole("dialog").getByText("ann will have to sign in again in app-a.").waitFor();
    await confirmDialog("Sign out");
    await console.getByText("The session was signed out").waitFor();
    await row("ann").waitFor({ state: "detached" });
    assert.equal(await refresh("app-a", ann.refresh_token), 400, "the signed-out session's refresh fails");
    assert.equal(await refresh("app-b", ben.refresh_token), 200, "the other session lives on");

    // The client's sessions tab: the same table, with the user and the client linked.
    const [appB] = (await api(`/admin/realms/${REALM}/clients?clientId=app-b`).then((r) => r.json())) as {
      id: string;
    }[];
    await console.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/clients/${appB!.id}/sessions`);
    await row("ben").getByRole("link", { name: "app-b" }).waitFor();
    await row("ben").getByRole("link", { name: "ben" }).click();
    await console.getByRole("heading", { name: "ben" }).waitFor();
    await console.goto(`${server.baseUrl}/admin/master/console/#/${REALM}/sessions`);
    await console.getByRole("heading", { name: "Sessions", level: 1, exact: true }).waitFor();
  });

  it("signs out several selected sessions together", async () => {
    const ann = await signInAs("app-a", ANN);
    await reloadList();
    const ben = (await api(`/admin/realms/${REALM}/users?username=ben&exact=true`).then((r) => r.json())) as {
      id: string;
    }[];
    assert.equal(ben.length, 1);
    await row("ann").getByRole("checkbox").check();
    await row("ben").getByRole("checkbox").check();
    await console.getByRole("button", { name: "Sign out selected" }).click();
    await console.getByRole("dialog").getByText("Sign out 2 sessions?").waitFor();
    await confirmDialog("Sign out");
    await console.getByText("2 sessions signed out").waitFor();
    await console.getByText("There are currently no active sessions in this realm.").waitFor();
    assert.equal(await refresh("app-a", ann.refresh_token), 400);
  });

  it("lists an offline_access sign-in under offline sessions and revokes it", async () => {
    const offline = await signInAs("app-a", ANN, "openid offline_access");
    await reloadList();
    await console.getByRole("button", { name: /the session type filter$/ }).click();
    await console.getByRole("option", { name: "Offline", exact: true }).click();
    await row("Offline").waitFor();
    assert.equal(await table().getByRole("row").filter({ hasText: "Regular SSO" }).count(), 0);
    assert.match(await console.getByTestId("sessions-totals").innerText(), /1 offline/);
    await row("Offline")
      .getByRole("button", { name: /^Revoke ann/ })
      .click();
    await confirmDialog("Revoke");
    await console.getByText("The session was signed out").waitFor();
    await console.getByText("No search results").waitFor();
    assert.equal(await refresh("app-a", offline.refresh_token), 400, "the revoked offline token no longer refreshes");
    await console.getByRole("button", { name: "Clear all filters" }).click();
    // As on Keycloak, the offline_access sign-in left no regular session behind.
    await console.getByText("There are currently no active sessions in this realm.").waitFor();
  });

  it("sets, pushes and clears the not-before in the revocation dialog", async () => {
    await console.getByRole("button", { name: "Revocation" }).click();
    const dialog = console.getByRole("dialog", { name: "Revocation" });
    assert.equal(await dialog.getByTestId("not-before").innerText(), "None");
    await dialog.getByRole("button", { name: "Set to now" }).click();
    await console.getByText('Success! "Not before" set for realm').waitFor();
    await dialog.getByTestId("not-before").getByText(/\d/).waitFor();
    await dialog.getByRole("button", { name: "Push" }).click();
    const { port } = adapter.address() as AddressInfo;
    await dialog.getByText(`Pushed the not-before to: http://127.0.0.1:${port}/app-a`).waitFor();
    assert.deepEqual(pushes, ["/app-a/k_push_not_before"]);
    assert.deepEqual(await seriousAxeViolations(console, "kc-admin-console", "main"), []);
    await screenshot(console, "sessions-revocation");
    await dialog.getByRole("button", { name: "Clear" }).click();
    await console.getByText('Success! "Not Before" cleared for realm.').waitFor();
    await dialog.getByTestId("not-before").getByText("None").waitFor();
    await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
  });

  it("signs out all sessions of the realm while the administrator stays signed in to master", async () => {
    const ben = await signInAs("app-b", BEN);
    await reloadList();
    await row("ben").waitFor();
    await console.getByRole("button", { name: "Sign out all active sessions" }).click();
    await console.getByRole("dialog").getByText("If you sign out all active sessions").waitFor();
    await confirmDialog("Sign out");
    await console.getByText("Every session of the realm was signed out").waitFor();
    await console.getByText("There are currently no active sessions in this realm.").waitFor();
    assert.equal(await refresh("app-b", ben.refresh_token), 400);
    await reloadList();
    await console.getByText("There are currently no active sessions in this realm.").waitFor();
    assert.equal(await console.getByLabel("Username or email").count(), 0, "no sign-in page: still signed in");
  });

  it("runs as <kc-sessions-admin> on a host page with the host's token, dark theme included", async () => {
    await signInAs("app-b", BEN);
    const { page } = await newPage(browser, { colorScheme: "dark" });
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${server.baseUrl}/demo/test-elements/sessions.html?realm=${REALM}&theme=dark`);
    await page.getByRole("grid", { name: "Sessions" }).getByRole("row").filter({ hasText: "ben" }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page, "kc-sessions-admin"), []);
    await screenshot(page, "sessions-element-dark");
    await page.close();
  });
});
