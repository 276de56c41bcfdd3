import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { type TestServer } from "../support/server.ts";
import { startTarget } from "../support/target.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import {
  EMBEDDED_ADMIN_CLIENT,
  adminApi,
  createEmbeddedAdminClient,
  json,
  rowAction,
  rowWith,
  type AdminApi,
} from "./groups-roles-support.ts";
import { seriousAxeViolations } from "../support/axe.ts";

const TIMEOUT = STEP_TIMEOUT;
const SHOTS = process.env.E2E_SHOTS;

interface Role {
  id: string;
  name: string;
  composite?: boolean;
  clientRole?: boolean;
  description?: string;
}

describe("realm roles", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let api: AdminApi;
  const roleByName = (name: string) => json<Role>(api, `/admin/realms/demo/roles/${encodeURIComponent(name)}`);

  /** Ticks a role in the add dialog (searched on the server) and adds it. */
  const addAssociated = async (kind: "Realm roles" | "Client roles", name: string) => {
    await page.getByRole("button", { name: "Role actions" }).click();
    await page.getByRole("menuitem", { name: "Add associated roles" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: kind }).click();
    const search = dialog.getByPlaceholder("Search role by name");
    await search.fill(name);
    await search.press("Enter");
    await rowWith(dialog, name).getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("Associated roles have been added").first().waitFor();
    await dialog.waitFor({ state: "detached" });
  };

  before(async () => {
    server = await startTarget({ demoPages: true });
    api = await adminApi(server.baseUrl);
    await createEmbeddedAdminClient(api);
    assert.equal(
      (
        await api("/admin/realms/demo/roles", {
          method: "POST",
          body: { name: "e2e-realm-part", description: "Included realm role" },
        })
      ).status,
      201,
    );
    const [portal] = await json<{ id: string }[]>(api, "/admin/realms/demo/clients?clientId=portal");
    assert.equal(
      (
        await api(`/admin/realms/demo/clients/${portal.id}/roles`, {
          method: "POST",
          body: { name: "e2e-client-part" },
        })
      ).status,
      201,
    );
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(TIMEOUT);
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  describe("in the full console", () => {
    it("creates a role and makes it composite with a realm role and a client role", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByTestId("dashboard-title").waitFor();
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/roles`);
      await page.getByRole("heading", { name: "Realm roles", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Create role" }).click();
      await page.getByLabel("Role name").fill("e2e-composite");
      await page.getByLabel("Description").fill("Bundles two roles");
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await page.getByText("Role created").waitFor();
      const created = await roleByName("e2e-composite");
      assert.equal(created.description, "Bundles two roles");
      await page.waitForURL(new RegExp(`#/demo/roles/${created.id}/details$`));

      await addAssociated("Realm roles", "e2e-realm-part");
      await page.waitForURL(new RegExp(`#/demo/roles/${created.id}/associated-roles$`));
      await addAssociated("Client roles", "e2e-client-part");
      await rowWith(page, "e2e-client-part").waitFor();
      const composites = await json<Role[]>(api, `/admin/realms/demo/roles-by-id/${created.id}/composites`);
      assert.deepEqual(composites.map((r) => r.name).sort(), ["e2e-client-part", "e2e-realm-part"]);
      assert.equal((await roleByName("e2e-composite")).composite, true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/roles-console-associated.png` });
    });

    it("gives a user the composite role and the user inherits both roles", async () => {
      const [user] = await json<{ id: string }[]>(api, "/admin/realms/demo/users?username=carol.chen&exact=true");
      const composite = await roleByName("e2e-composite");
      assert.equal(
        (
          await api(`/admin/realms/demo/users/${user.id}/role-mappings/realm`, {
            method: "POST",
            body: [{ id: composite.id, name: composite.name }],
          })
        ).status,
        204,
      );
      const effective = await json<Role[]>(api, `/admin/realms/demo/users/${user.id}/role-mappings/realm/composite`);
      assert.ok(effective.some((r) => r.name === "e2e-realm-part"));
      const [portal] = await json<{ id: string }[]>(api, "/admin/realms/demo/clients?clientId=portal");
      const clientEffective = await json<Role[]>(
        api,
        `/admin/realms/demo/users/${user.id}/role-mappings/clients/${portal.id}/composite`,
      );
      assert.ok(clientEffective.some((r) => r.name === "e2e-client-part"));

      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/users/${user.id}/role-mapping`);
      await rowWith(page, "e2e-composite").waitFor();
      await page.getByText("Hide inherited roles").click();
      assert.equal(await page.getByRole("switch", { name: "Hide inherited roles" }).isChecked(), false);
      await rowWith(page, "e2e-realm-part").waitFor();
      await page.getByText("e2e-client-part").first().waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/roles-console-user-inherited.png` });

      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/roles/${composite.id}/users-in-role`);
      await rowWith(page, "carol.chen").waitFor();
    });

    it("edits details and attributes", async () => {
      await page.getByRole("tab", { name: "Details" }).click();
      await page.waitForURL(/\/details$/, { waitUntil: "commit" });
      await page.getByLabel("Description").fill("Bundles a realm and a client role");
      // Leaving the tab with the change unsaved asks first; staying keeps the text.
      await page.getByRole("tab", { name: "Attributes" }).click();
      const leave = page.getByRole("dialog", { name: "Unsaved changes" });
      await leave.getByRole("button", { name: "Stay on this page" }).click();
      await leave.waitFor({ state: "detached" });
      assert.match(page.url(), /\/details$/);
      assert.equal(await page.getByLabel("Description").inputValue(), "Bundles a realm and a client role");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("The role has been saved").first().waitFor();
      await page.getByRole("tab", { name: "Attributes" }).click();
      await page.getByLabel("Key 1").fill("owner");
      await page.getByLabel("Value 1").fill("team-a");
      // The first save's alert is still shown: wait for this save's own request instead.
      const saving = page.waitForResponse((res) => res.request().method() === "PUT" && res.url().includes("/roles"));
      await page.getByRole("button", { name: "Save" }).click();
      await saving;
      const saved = await json<Role & { attributes: Record<string, string[]> }>(
        api,
        `/admin/realms/demo/roles/e2e-composite`,
      );
      assert.equal(saved.description, "Bundles a realm and a client role");
      assert.deepEqual(saved.attributes, { owner: ["team-a"] });
      assert.match(page.url(), /\/attributes$/);
    });

    it("searches the list on the server", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/roles`);
      const search = page.getByPlaceholder("Search role by name");
      await search.fill("e2e-");
      await search.press("Enter");
      await rowWith(page, "e2e-composite").waitFor();
      await rowWith(page, "e2e-realm-part").waitFor();
      await rowWith(page, "manager").waitFor({ state: "detached" });
    });
  });

  describe("as the standalone element", () => {
    const events = () =>
      page.evaluate(() => (window as unknown as { kcEvents: { type: string; detail: { id: string } }[] }).kcEvents);

    it("creates and deletes a role and announces both", async () => {
      await page.goto(`${server.baseUrl}/demo/test-elements/roles.html?token-client=${EMBEDDED_ADMIN_CLIENT}`);
      await page.waitForFunction(() => document.querySelector("kc-roles-admin")?.shadowRoot);
      await page.getByRole("heading", { name: "Realm roles", level: 1 }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-roles-admin"), []);
      await page.getByRole("button", { name: "Create role" }).click();
      await page.getByLabel("Role name").fill("element-role");
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await page.getByText("Role created").waitFor();
      const created = await roleByName("element-role");
      assert.ok((await events()).some((e) => e.type === "kc-role-created" && e.detail.id === created.id));
      for (const tab of ["Details", "Attributes", "Users in role"]) {
        await page.getByRole("tab", { name: tab }).click();
        await page.waitForTimeout(300);
        assert.deepEqual(await seriousAxeViolations(page, "kc-roles-admin"), [], tab);
      }
      await page.getByRole("button", { name: "Role actions" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await page.getByText("The role has been deleted").waitFor();
      assert.equal((await api("/admin/realms/demo/roles/element-role")).status, 404);
      assert.ok((await events()).some((e) => e.type === "kc-role-deleted" && e.detail.id === created.id));
      assert.equal(page.url(), `${server.baseUrl}/demo/test-elements/roles.html?token-client=${EMBEDDED_ADMIN_CLIENT}`);
    });

    it("adds and removes a default role", async () => {
      await page.getByRole("button", { name: "Default roles" }).click();
      await page.getByRole("heading", { name: "Default roles", level: 1 }).waitFor();
      await rowWith(page, "offline_access").waitFor();
      await page.getByRole("button", { name: "Assign role" }).first().click();
      const dialog = page.getByRole("dialog");
      const search = dialog.getByPlaceholder("Search role by name");
      await search.fill("e2e-realm-part");
      await search.press("Enter");
      await rowWith(dialog, "e2e-realm-part").getByRole("checkbox").check();
      await dialog.getByRole("button", { name: "Add", exact: true }).click();
      await rowWith(page, "e2e-realm-part").waitFor();
      const defaults = async () =>
        (await json<Role[]>(api, "/admin/realms/demo/roles/default-roles-demo/composites")).map((r) => r.name);
      assert.ok((await defaults()).includes("e2e-realm-part"));
      assert.deepEqual(await seriousAxeViolations(page, "kc-roles-admin"), []);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/roles-element-default-roles.png` });

      await rowAction(page, "e2e-realm-part", "Remove");
      await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
      await page.getByText("Associated roles have been removed").waitFor();
      assert.ok(!(await defaults()).includes("e2e-realm-part"));
    });

    it("makes a composite role, and <kc-users-admin> shows a holder inheriting both roles", async () => {
      await page.goto(`${server.baseUrl}/demo/test-elements/roles.html?token-client=${EMBEDDED_ADMIN_CLIENT}`);
      await page.getByRole("button", { name: "Create role" }).click();
      await page.getByLabel("Role name").fill("element-composite");
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await page.getByText("Role created").waitFor();
      await addAssociated("Realm roles", "e2e-realm-part");
      await addAssociated("Client roles", "e2e-client-part");
      const composite = await roleByName("element-composite");
      const composites = await json<Role[]>(api, `/admin/realms/demo/roles-by-id/${composite.id}/composites`);
      assert.deepEqual(composites.map((r) => r.name).sort(), ["e2e-client-part", "e2e-realm-part"]);
      assert.ok(
        (await events()).some((e) => e.type === "kc-role-updated" && e.detail.id === composite.id),
        "adding associated roles announces kc-role-updated",
      );

      const [user] = await json<{ id: string }[]>(api, "/admin/realms/demo/users?username=alice.anderson&exact=true");
      assert.equal(
        (
          await api(`/admin/realms/demo/users/${user.id}/role-mappings/realm`, {
            method: "POST",
            body: [{ id: composite.id, name: composite.name }],
          })
        ).status,
        204,
      );
      await page.goto(`${server.baseUrl}/demo/test-elements/users.html?token-client=${EMBEDDED_ADMIN_CLIENT}`);
      const search = page.getByPlaceholder("Search user").first();
      await search.fill("alice.anderson");
      await search.press("Enter");
      await page
        .getByRole("grid", { name: "Users" })
        .getByRole("link", { name: "alice.anderson", exact: true })
        .click();
      await page.getByRole("tab", { name: "Role mapping" }).click();
      await rowWith(page, "element-composite").waitFor();
      await page.getByText("Hide inherited roles").click();
      await rowWith(page, "e2e-realm-part").waitFor();
      // Client roles follow the realm roles across pages: find it by a search on the server.
      const roleSearch = page.getByPlaceholder("Search by role name").first();
      await roleSearch.fill("e2e-client");
      await roleSearch.press("Enter");
      await page.getByText("e2e-client-part").first().waitFor();
    });
  });
});
