import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, newPage, signIn, STEP_TIMEOUT } from "../support/browser.ts";
import { screenshot, withFailureShot } from "./organizations-support.ts";
import { toggle } from "./realm-settings-support.ts";
import { completeProfile } from "../support/admin-api.ts";

const TIMEOUT = STEP_TIMEOUT;
const SOURCE = "demo";
const COPY = "fgap-imported";
const PERMISSION = "Export desk manages customers";

/** The round trip: a partial export with admin permissions on, imported as a new realm, keeps them working. */
describe("admin permissions through a partial export imported as a new realm", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let api: ReturnType<typeof adminFetch>;

  const json = async <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => {
    const response = await api(path, init);
    assert.ok(response.ok, `${init?.method ?? "GET"} ${path}: ${response.status} ${await response.clone().text()}`);
    return (await response.json()) as T;
  };
  const admin = (realm: string) => `/admin/realms/${realm}`;
  const console = (realm: string, hash: string) => `${server.baseUrl}/admin/master/console/#/${realm}/${hash}`;

  before(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const realm = await json<Record<string, unknown>>(admin(SOURCE));
    const enabled = await api(admin(SOURCE), { method: "PUT", body: { ...realm, adminPermissionsEnabled: true } });
    assert.equal(enabled.status, 204);
    for (const name of ["Export desk", "Export customers"])
      assert.equal((await api(`${admin(SOURCE)}/groups`, { method: "POST", body: { name } })).status, 201);
    const groups = await json<{ id: string; name: string }[]>(`${admin(SOURCE)}/groups?briefRepresentation=true`);
    const groupId = (name: string) => groups.find((group) => group.name === name)!.id;
    const [client] = await json<{ id: string }[]>(`${admin(SOURCE)}/clients?clientId=admin-permissions`);
    const authz = `${admin(SOURCE)}/clients/${client!.id}/authz/resource-server`;
    const policy = await json<{ id: string }>(`${authz}/policy/group`, {
      method: "POST",
      body: { name: "Export desk members", groups: [{ id: groupId("Export desk"), extendChildren: false }] },
    });
    await json(`${authz}/permission/scope`, {
      method: "POST",
      body: {
        name: PERMISSION,
        resourceType: "Groups",
        resources: [groupId("Export customers")],
        scopes: ["view-members", "manage-members"],
        policies: [policy.id],
      },
    });
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

  it("exports the realm's groups and clients, creates a realm from the file, and the copy's permission decides", async () => {
    await withFailureShot(page, "permissions-export-import", async () => {
      await page.goto(console(SOURCE, "realm-settings/general"));
      await page.getByRole("button", { name: "Actions" }).click();
      await page.getByRole("menuitem", { name: "Partial export" }).click();
      const exportDialog = page.getByRole("dialog", { name: "Partial export" });
      await toggle(exportDialog.getByRole("switch", { name: "Include groups and roles" }));
      await toggle(exportDialog.getByRole("switch", { name: "Include clients" }));
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        exportDialog.getByRole("button", { name: "Export", exact: true }).click(),
      ]);
      const exportFile = readFileSync((await download.path())!);

      await page.goto(`${server.baseUrl}/admin/master/console/#/master/realms`);
      await page.getByRole("button", { name: "Create realm" }).click();
      await page.getByLabel("Realm name").fill(COPY);
      await page.getByLabel("Start from an exported realm (JSON file)").setInputFiles({
        name: "realm-export.json",
        mimeType: "application/json",
        buffer: exportFile,
      });
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await page.getByText("Realm created successfully").waitFor();
      await page.getByTestId("dashboard-title").waitFor();

      // The copy's permissions area is on and lists the permission with its policy.
      await page.goto(console(COPY, "permissions"));
      const list = page.getByRole("grid", { name: "Permissions" });
      await list.getByRole("link", { name: PERMISSION }).click();
      await page.getByRole("heading", { name: "Permission details" }).waitFor();
      await page.getByText("/Export customers", { exact: true }).waitFor();
      await page.getByText("Export desk members", { exact: true }).waitFor();
      assert.ok(await page.getByRole("checkbox", { name: "manage-members", exact: true }).isChecked());
      await screenshot(page, "permissions-imported-permission");

      // Members of the copy's desk group handle the copy's customers, and only them.
      const copy = admin(COPY);
      for (const [username, group] of [
        ["desk-dana", "/Export desk"],
        ["customer-cleo", "/Export customers"],
        ["outsider-otto", undefined],
      ] as const) {
        const body = {
          username,
          ...completeProfile(username),
          enabled: true,
          groups: group ? [group] : [],
          credentials: [{ type: "password", value: `${username}-pw`, temporary: false }],
        };
        assert.equal((await api(`${copy}/users`, { method: "POST", body })).status, 201);
      }
      const [management] = await json<{ id: string }[]>(`${copy}/clients?clientId=realm-management`);
      const queryUsers = await json<unknown>(`${copy}/clients/${management!.id}/roles/query-users`);
      const [desk] = await json<{ id: string }[]>(`${copy}/users?username=desk-dana&exact=true`);
      const mapped = await api(`${copy}/users/${desk!.id}/role-mappings/clients/${management!.id}`, {
        method: "POST",
        body: [queryUsers],
      });
      assert.equal(mapped.status, 204);

      await page.goto(console(COPY, "permissions"));
      await page.getByRole("tab", { name: "Evaluation" }).click();
      await page.getByRole("combobox", { name: "User" }).fill("desk-dana");
      await page.getByRole("option", { name: /^desk-dana/ }).click();
      await page.getByRole("button", { name: /^Resource type/ }).click();
      await page.getByRole("option", { name: "Groups", exact: true }).click();
      await page.getByRole("combobox", { name: "Resource", exact: true }).fill("Export cust");
      await page.getByRole("option", { name: /Export customers/ }).click();
      await page.getByRole("button", { name: /^Authorization scope/ }).click();
      await page.getByRole("option", { name: "manage-members", exact: true }).click();
      await page.getByRole("button", { name: "Evaluate", exact: true }).click();
      const results = page.getByRole("region", { name: "Results" });
      await results.getByRole("heading", { name: /Overall Results\s*Permit/ }).waitFor();
      await screenshot(page, "permissions-imported-evaluation");

      const dana = adminFetch(server.baseUrl, await adminToken(server.baseUrl, COPY, "desk-dana", "desk-dana-pw"));
      const visible = await dana(`${copy}/users`);
      assert.equal(visible.status, 200);
      assert.deepEqual(
        ((await visible.json()) as { username: string }[]).map((user) => user.username),
        ["customer-cleo"],
      );
      const [otto] = await json<{ id: string }[]>(`${copy}/users?username=outsider-otto&exact=true`);
      assert.equal((await dana(`${copy}/users/${otto!.id}`)).status, 403);
    });
  });
});
