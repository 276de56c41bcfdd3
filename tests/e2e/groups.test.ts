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

interface Group {
  id: string;
  name: string;
  path: string;
  parentId?: string;
  attributes?: Record<string, string[]>;
}

describe("groups", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let api: AdminApi;
  const findGroup = async (name: string) =>
    (
      await json<Group[]>(
        api,
        `/admin/realms/demo/groups?search=${encodeURIComponent(name)}&exact=true&populateHierarchy=false`,
      )
    )[0];

  /** From a group's page below `groupName` in the path: its Members tab, the user picker, Add. */
  const addMemberThroughPicker = async (groupName: string, username: string) => {
    await page.getByRole("navigation", { name: "Group path" }).getByRole("link", { name: groupName }).click();
    // The tabs of the page being left stay clickable until the group's own page has rendered.
    await page.getByRole("heading", { name: groupName, level: 1 }).waitFor();
    await page.getByRole("tab", { name: "Members" }).click();
    await page.getByRole("button", { name: "Add member" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: "Users" }).fill(username);
    await page.locator("[role=option], [role=menuitem]").filter({ hasText: username }).first().click();
    await dialog.getByRole("button", { name: "Menu toggle", expanded: true }).click();
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText(/users? added to the group/).waitFor();
  };

  const createInDialog = async (button: string, name: string) => {
    await page.getByRole("button", { name: button, exact: true }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("link", { name, exact: true }).waitFor();
  };

  before(async () => {
    server = await startTarget({ demoPages: true });
    api = await adminApi(server.baseUrl);
    await createEmbeddedAdminClient(api);
    await createEmbeddedAdminClient(api, "demo");
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(TIMEOUT);
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  describe("in the full console", () => {
    it("builds a three-level tree through the create dialogs", async () => {
      await page.goto(`${server.baseUrl}/admin/master/console/`);
      await signIn(page, { username: "admin", password: "admin" });
      await page.getByTestId("dashboard-title").waitFor();
      await page.goto(`${server.baseUrl}/admin/master/console/#/demo/groups`);
      await page.getByRole("heading", { name: "Groups", level: 1, exact: true }).waitFor();
      await createInDialog("Create group", "e2e-top");
      await page.getByRole("link", { name: "e2e-top", exact: true }).click();
      await page.getByRole("heading", { name: "e2e-top", level: 1 }).waitFor();
      await createInDialog("Create child group", "e2e-mid");
      await page.getByRole("link", { name: "e2e-mid", exact: true }).click();
      await page.getByRole("heading", { name: "e2e-mid", level: 1 }).waitFor();
      await createInDialog("Create child group", "e2e-leaf");

      const top = await findGroup("e2e-top");
      const mid = await findGroup("e2e-mid");
      const leaf = await findGroup("e2e-leaf");
      assert.equal((await json<Group>(api, `/admin/realms/demo/groups/${leaf.id}`)).path, "/e2e-top/e2e-mid/e2e-leaf");
      assert.match(page.url(), new RegExp(`#/demo/groups/${top.id}/${mid.id}$`));
      await page.getByRole("navigation", { name: "Group path" }).getByRole("link", { name: "e2e-top" }).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/groups-console-child-groups.png` });
    });

    it("moves a group with the group picker and checks the new parent", async () => {
      await page.getByRole("navigation", { name: "Group path" }).getByRole("link", { name: "Groups" }).click();
      await createInDialog("Create group", "e2e-destination");
      await page.getByRole("link", { name: "e2e-top", exact: true }).click();
      await page.getByRole("link", { name: "e2e-mid", exact: true }).click();
      await rowAction(page, "e2e-leaf", "Move to");
      const picker = page.getByRole("dialog");
      await picker.getByRole("gridcell", { name: "Select e2e-destination" }).getByRole("radio").click();
      await picker.getByRole("button", { name: "Select", exact: true }).click();
      await page.getByText("Group moved").waitFor();
      const destination = await findGroup("e2e-destination");
      const leaf = await json<Group>(api, `/admin/realms/demo/groups/${(await findGroup("e2e-leaf")).id}`);
      assert.equal(leaf.path, "/e2e-destination/e2e-leaf");
      assert.equal(leaf.parentId, destination.id);
      await rowWith(page, "e2e-leaf").waitFor({ state: "detached" });
    });

    it("adds members with the user picker and lists sub-group users", async () => {
      await addMemberThroughPicker("e2e-top", "alice.anderson");
      const top = await findGroup("e2e-top");
      const members = await json<{ username: string }[]>(api, `/admin/realms/demo/groups/${top.id}/members`);
      assert.deepEqual(
        members.map((m) => m.username),
        ["alice.anderson"],
      );
      await rowWith(page, "alice.anderson").waitFor();

      const mid = await findGroup("e2e-mid");
      const [bob] = await json<{ id: string }[]>(api, "/admin/realms/demo/users?username=bob.brown&exact=true");
      assert.equal((await api(`/admin/realms/demo/users/${bob.id}/groups/${mid.id}`, { method: "PUT" })).status, 204);
      await page.getByLabel("Include sub-group users").check();
      await rowWith(page, "bob.brown").waitFor();
      await rowWith(page, "/e2e-top/e2e-mid").waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/groups-console-members.png` });
    });

    it("saves attributes and finds a group by search with its path", async () => {
      await page.getByRole("tab", { name: "Attributes" }).click();
      await page.getByLabel("Key 1").fill("costCenter");
      await page.getByLabel("Value 1").fill("4242");
      // Switching tabs with unsaved attributes asks first; staying keeps what was typed.
      await page.getByRole("tab", { name: "Members" }).click();
      const leave = page.getByRole("dialog", { name: "Unsaved changes" });
      await leave.getByRole("button", { name: "Stay on this page" }).click();
      await leave.waitFor({ state: "detached" });
      assert.equal(await page.getByLabel("Value 1").inputValue(), "4242");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Group updated").waitFor();
      const top = await json<Group>(api, `/admin/realms/demo/groups/${(await findGroup("e2e-top")).id}`);
      assert.deepEqual(top.attributes, { costCenter: ["4242"] });

      await page.getByRole("navigation", { name: "Group path" }).getByRole("link", { name: "Groups" }).click();
      const search = page.getByPlaceholder("Search groups");
      await search.fill("kernel");
      await search.press("Enter");
      await rowWith(page, "/Engineering/Backend/Platform/Core/Kernel").waitFor();
    });
  });

  describe("as the standalone element", () => {
    const events = () =>
      page.evaluate(() => (window as unknown as { kcEvents: { type: string; detail: { id: string } }[] }).kcEvents);

    it("creates, duplicates and deletes groups and announces each change", async () => {
      await page.goto(`${server.baseUrl}/demo/test-elements/groups.html?token-client=${EMBEDDED_ADMIN_CLIENT}`);
      await page.waitForFunction(() => document.querySelector("kc-groups-admin")?.shadowRoot);
      await page.getByRole("heading", { name: "Groups", level: 1, exact: true }).waitFor();
      assert.deepEqual(await seriousAxeViolations(page, "kc-groups-admin"), []);
      await createInDialog("Create group", "element-group");
      const created = await findGroup("element-group");
      assert.ok((await events()).some((e) => e.type === "kc-group-created" && e.detail.id === created.id));
      assert.equal(
        page.url(),
        `${server.baseUrl}/demo/test-elements/groups.html?token-client=${EMBEDDED_ADMIN_CLIENT}`,
      );

      await rowAction(page, "Engineering", "Duplicate");
      await page.getByText("Group duplicated").waitFor();
      const copy = await findGroup("Copy of Engineering");
      const copyRep = await json<Group>(api, `/admin/realms/demo/groups/${copy.id}`);
      assert.deepEqual(copyRep.attributes, { costCenter: ["1000"] });
      const copyChildren = await json<Group[]>(api, `/admin/realms/demo/groups/${copy.id}/children`);
      assert.deepEqual(copyChildren.map((g) => g.name).sort(), ["Backend", "Frontend"]);
      const copyRoles = await json<{ name: string }[]>(api, `/admin/realms/demo/groups/${copy.id}/role-mappings/realm`);
      assert.deepEqual(
        copyRoles.map((r) => r.name),
        ["user"],
      );

      await rowAction(page, "element-group", "Delete");
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await page.getByText("Group deleted").waitFor();
      assert.equal((await api(`/admin/realms/demo/groups/${created.id}`)).status, 404);
      assert.ok((await events()).some((e) => e.type === "kc-group-deleted" && e.detail.id === created.id));
    });

    it("opens a group's tabs without serious accessibility violations", async () => {
      await page.getByRole("link", { name: "Engineering", exact: true }).click();
      await page.getByRole("heading", { name: "Engineering", exact: true, level: 1 }).waitFor();
      for (const tab of ["Child groups", "Members", "Attributes", "Role mapping"]) {
        await page.getByRole("tab", { name: tab }).click();
        await page.waitForTimeout(300);
        assert.deepEqual(await seriousAxeViolations(page, "kc-groups-admin"), [], tab);
      }
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/groups-element-role-mapping.png` });

      await page.getByRole("button", { name: "Group actions" }).click();
      await page.getByRole("menuitem", { name: "Rename" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Name").fill("Engineering renamed");
      await dialog.getByRole("button", { name: "Save" }).click();
      await page.getByRole("heading", { name: "Engineering renamed", level: 1 }).waitFor();
      const renamed = await findGroup("Engineering renamed");
      assert.equal(renamed.path, "/Engineering renamed");
      assert.ok((await events()).some((e) => e.type === "kc-group-updated" && e.detail.id === renamed.id));
    });

    it("builds a three-level tree, moves a group and adds a member, as in the console", async () => {
      await page.goto(`${server.baseUrl}/demo/test-elements/groups.html?token-client=${EMBEDDED_ADMIN_CLIENT}`);
      await page.getByRole("heading", { name: "Groups", level: 1, exact: true }).waitFor();
      await createInDialog("Create group", "el-top");
      await createInDialog("Create group", "el-destination");
      await page.getByRole("link", { name: "el-top", exact: true }).click();
      await page.getByRole("heading", { name: "el-top", level: 1 }).waitFor();
      await createInDialog("Create child group", "el-mid");
      await page.getByRole("link", { name: "el-mid", exact: true }).click();
      await page.getByRole("heading", { name: "el-mid", level: 1 }).waitFor();
      await createInDialog("Create child group", "el-leaf");
      assert.equal(
        (await json<Group>(api, `/admin/realms/demo/groups/${(await findGroup("el-leaf")).id}`)).path,
        "/el-top/el-mid/el-leaf",
      );

      await rowAction(page, "el-leaf", "Move to");
      const picker = page.getByRole("dialog");
      await picker.getByRole("gridcell", { name: "Select el-destination" }).getByRole("radio").click();
      await picker.getByRole("button", { name: "Select", exact: true }).click();
      await page.getByText("Group moved").waitFor();
      const leaf = await json<Group>(api, `/admin/realms/demo/groups/${(await findGroup("el-leaf")).id}`);
      assert.equal(leaf.path, "/el-destination/el-leaf");

      await addMemberThroughPicker("el-top", "carol.chen");
      const top = await findGroup("el-top");
      assert.deepEqual(
        (await json<{ username: string }[]>(api, `/admin/realms/demo/groups/${top.id}/members`)).map((m) => m.username),
        ["carol.chen"],
      );
      assert.ok(
        (await events()).some((e) => e.type === "kc-group-updated" && e.detail.id === top.id),
        "adding members announces kc-group-updated",
      );
      assert.equal(
        page.url(),
        `${server.baseUrl}/demo/test-elements/groups.html?token-client=${EMBEDDED_ADMIN_CLIENT}`,
        "memory routing leaves the host's address alone",
      );
    });
  });

  describe("as helpdesk (query and view only)", () => {
    it("shows no create, edit or delete control and sends no change", async () => {
      const changes: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/admin/realms/") && request.method() !== "GET")
          changes.push(`${request.method()} ${request.url()}`);
      });
      await page.goto(
        `${server.baseUrl}/demo/test-elements/groups.html?token-client=${EMBEDDED_ADMIN_CLIENT}&token-realm=demo&username=helpdesk&password=helpdesk`,
      );
      await page.waitForFunction(() => document.querySelector("kc-groups-admin")?.shadowRoot);
      await page.getByRole("link", { name: "Sales", exact: true }).click();
      await page.getByRole("heading", { name: "Sales", exact: true, level: 1 }).waitFor();
      await rowWith(page, "EMEA").waitFor();
      assert.equal(await page.getByRole("button", { name: /^Actions \d+$/ }).count(), 0);
      assert.equal(await page.getByRole("button", { name: "Create child group" }).count(), 0);
      assert.equal(await page.getByRole("checkbox").count(), 0);
      await page.getByRole("tab", { name: "Members" }).click();
      await page.getByText("No members").waitFor();
      assert.equal(await page.getByRole("button", { name: "Add member" }).count(), 0);
      await page.getByRole("tab", { name: "Attributes" }).click();
      assert.equal(await page.getByRole("button", { name: "Save" }).count(), 0);
      await page.getByRole("tab", { name: "Role mapping" }).click();
      await page.waitForTimeout(500);
      assert.equal(await page.getByRole("button", { name: "Assign role" }).count(), 0);
      assert.deepEqual(changes, []);
    });
  });
});
