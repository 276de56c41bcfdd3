import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { adminFetch, adminToken } from "../support/server.ts";
import { startTarget, type Target } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { markAdminCliAsConsoleClient, screenshot } from "./organizations-support.ts";
import { seriousAxeViolations } from "../support/axe.ts";

const TIMEOUT = STEP_TIMEOUT;
const CLIENTS = "/admin/realms/demo/clients";
const SCOPES = [
  "configure",
  "manage",
  "map-roles",
  "map-roles-client-scope",
  "map-roles-composite",
  "token-exchange",
  "view",
];

interface PermissionReference {
  enabled: boolean;
  resource?: string;
  scopePermissions?: Record<string, string>;
}

describe("client permissions tab (fine-grained admin permissions v1)", () => {
  let server: Target;
  let browser: Browser;
  let api: ReturnType<typeof adminFetch>;

  before(async () => {
    // Keycloak 26.7.3 refuses v1 and v2 together ("Multiple versions of the same feature … should not be enabled")
    // and answers v1's endpoints with 501 under v2, its default: on real Keycloak this file has one of its own with v1.
    server = await startTarget({
      embeddedArgs: ["--features", "admin-fine-grained-authz:v1"],
      keycloakVariant: () => ({ name: "fgap-v1", features: "admin-fine-grained-authz:v1" }),
    });
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    await markAdminCliAsConsoleClient(api, "master");
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const json = async <T>(path: string): Promise<T> => (await (await api(path)).json()) as T;

  it("enables permissions, lists the scopes with links to realm-management, and disables after confirming", async () => {
    const [portal] = await json<{ id: string }[]>(`${CLIENTS}?clientId=portal`);
    const [management] = await json<{ id: string }[]>(`${CLIENTS}?clientId=realm-management`);
    const permissionsPath = `${CLIENTS}/${portal.id}/management/permissions`;
    const { page } = await newPage(browser);
    page.setDefaultTimeout(TIMEOUT);
    try {
      await page.goto(`${server.baseUrl}/admin/master/console/`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByTestId("dashboard-title").waitFor();

      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/clients/${portal.id}/settings`);
      await page.getByRole("tab", { name: "Permissions" }).click();
      await page.getByRole("tab", { name: "Permissions", selected: true }).waitFor();
      assert.match(page.url(), /\/demo\/clients\/[^/]+\/permissions$/);
      const enabledSwitch = page.getByRole("switch", { name: "Permissions enabled" });
      // PatternFly's switch input sits under its toggle: click the label that wraps both.
      const toggle = () => enabledSwitch.locator("xpath=..").click();
      assert.equal(await enabledSwitch.isChecked(), false);
      await page.getByText("Fine grained permissions for administrators that want to manage this client").waitFor();

      await toggle();
      const list = page.getByRole("grid", { name: "Permission list" });
      await list.waitFor();
      const stored = await json<PermissionReference>(permissionsPath);
      assert.equal(stored.enabled, true);
      assert.deepEqual(Object.keys(stored.scopePermissions!).sort(), SCOPES);
      assert.equal(await enabledSwitch.isChecked(), true);

      const rows = list.locator("tbody tr");
      assert.equal(await rows.count(), SCOPES.length);
      for (const [index, scope] of SCOPES.entries()) {
        const link = rows.nth(index).getByRole("link", { name: scope, exact: true });
        const href = await link.getAttribute("href");
        assert.ok(
          href?.endsWith(
            `/demo/clients/${management.id}/authorization/permission/scope/${stored.scopePermissions![scope]}`,
          ),
          `${scope}: ${href}`,
        );
      }
      await rows.nth(1).getByText("Policies that decide if an administrator can manage this client").waitFor();
      await page.getByText("permission details page of the client named realm-management").waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "enabled");
      await screenshot(page, "client-permissions-enabled");

      // Disabling asks first; cancelling keeps everything.
      await toggle();
      const dialog = page.getByRole("dialog", { name: "Disable permissions?" });
      await dialog.getByText("all the permissions in the list below will be delete automatically").waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      assert.equal(await enabledSwitch.isChecked(), true);
      assert.deepEqual(await json<PermissionReference>(permissionsPath), stored);

      await toggle();
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await list.waitFor({ state: "detached" });
      assert.equal(await enabledSwitch.isChecked(), false);
      assert.deepEqual(await json<PermissionReference>(permissionsPath), { enabled: false });
      assert.deepEqual(await seriousAxeViolations(page, "kc-admin-console", "main"), [], "disabled");

      // A scope link leads to the realm-management client's permission page.
      await toggle();
      await list.waitFor();
      const again = await json<PermissionReference>(permissionsPath);
      await list.getByRole("link", { name: "manage", exact: true }).click();
      await page.waitForURL(
        new RegExp(`/demo/clients/${management.id}/authorization/permission/scope/${again.scopePermissions!.manage}$`),
      );
    } finally {
      await page.close();
    }
  });

  it("hides the tab when fine-grained permissions v1 is off (Keycloak 26's default)", async () => {
    // the run's shared Keycloak (v2) on real Keycloak
    const plain = await startTarget();
    try {
      const plainApi = adminFetch(plain.baseUrl, await adminToken(plain.baseUrl));
      await markAdminCliAsConsoleClient(plainApi, "master");
      const [portal] = (await (await plainApi(`${CLIENTS}?clientId=portal`)).json()) as { id: string }[];
      const { page } = await newPage(browser);
      page.setDefaultTimeout(TIMEOUT);
      try {
        await page.goto(`${plain.baseUrl}/admin/master/console/`);
        await signIn(page, { username: "admin", password: "admin" });
        await page.getByTestId("dashboard-title").waitFor();
        await page.goto(`${plain.baseUrl}/admin/master/console/#/demo/clients/${portal.id}/settings`);
        await page.getByRole("tab", { name: "Advanced" }).waitFor();
        assert.equal(await page.getByRole("tab", { name: "Permissions" }).count(), 0);
      } finally {
        await page.close();
      }
    } finally {
      await plain.dispose();
    }
  });
});
