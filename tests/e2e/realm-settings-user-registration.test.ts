import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  checkAxeAndShoot,
  getJson,
  openConsoleTab,
  openElementTab,
  startSuite,
  stopSuite,
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";
import { eventually } from "../support/eventually.ts";

const rowWith = (scope: import("playwright-core").Locator | import("playwright-core").Page, text: string) =>
  scope.getByRole("row").filter({ hasText: text });

describe("realm settings: user registration tab", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
  });
  after(() => stopSuite(suite));

  it("adds and removes a default role and default groups", async () => {
    const page = await openConsoleTab(suite, "user-registration");
    await page.getByRole("heading", { name: "Default roles", level: 2 }).waitFor();
    await rowWith(page, "offline_access").first().waitFor();
    await page.getByRole("button", { name: "Assign role" }).first().click();
    const assign = page.getByRole("dialog");
    const search = assign.getByPlaceholder("Search role by name");
    await search.fill("auditor");
    await search.press("Enter");
    await rowWith(assign, "auditor").getByRole("checkbox").check();
    await assign.getByRole("button", { name: "Add", exact: true }).click();
    // the dialog's own "auditor" row would match too: wait for it to close before reading the page's list
    await assign.waitFor({ state: "hidden" });
    await rowWith(page, "auditor").first().waitFor();
    const defaults = async () =>
      (await getJson<{ name: string }[]>(suite.api, "/admin/realms/demo/roles/default-roles-demo/composites")).map(
        (role) => role.name,
      );
    assert.ok((await eventually(defaults, (names) => names.includes("auditor"))).includes("auditor"));

    const groups = page.getByRole("grid", { name: "Default groups" });
    await groups.getByText("/Support").waitFor();
    await page.getByRole("button", { name: "Add groups" }).click();
    const picker = page.getByRole("dialog");
    await picker.getByRole("button", { name: "Open Sales" }).click();
    await picker.getByRole("row").filter({ hasText: "EMEA" }).getByRole("checkbox").click();
    await checkAxeAndShoot(page, "console", "realm-settings-default-groups-picker");
    await picker.getByRole("button", { name: "Select", exact: true }).click();
    await page.getByText("New group added to the default groups").waitFor();
    await groups.getByText("/Sales/EMEA").waitFor();
    const stored = async () =>
      (await getJson<{ path: string }[]>(suite.api, "/admin/realms/demo/default-groups"))
        .map((group) => group.path)
        .sort();
    assert.deepEqual(await stored(), ["/Sales/EMEA", "/Support"]);
    await checkAxeAndShoot(page, "console", "realm-settings-user-registration");

    await page.reload();
    await page.getByRole("grid", { name: "Default groups" }).getByText("/Sales/EMEA").waitFor();
    await rowWith(page, "auditor").first().waitFor();
    await page.getByRole("button", { name: "Remove Support" }).click();
    await page.getByText("Support is no longer a default group").waitFor();
    assert.deepEqual(await stored(), ["/Sales/EMEA"]);
    await page.close();
  });

  it("shows the server's message when a default group cannot be removed", async () => {
    const page = await openConsoleTab(suite, "user-registration");
    const groups = page.getByRole("grid", { name: "Default groups" });
    await groups.getByText("/Sales/EMEA").waitFor();
    const [emea] = await getJson<{ id: string }[]>(suite.api, "/admin/realms/demo/default-groups");
    assert.equal((await suite.api(`/admin/realms/demo/groups/${emea!.id}`, { method: "DELETE" })).status, 204);
    await page.getByRole("button", { name: "Remove EMEA" }).click();
    await page.getByText(/Could not remove the default group: /).waitFor();
    await page.close();
  });

  it("has no serious axe violations in the dark theme", async () => {
    const page = await openElementTab(suite, "user-registration", { theme: "dark" });
    await page.getByRole("heading", { name: "Default groups", level: 2 }).waitFor();
    await rowWith(page, "offline_access").first().waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-user-registration-dark");
    await page.close();
  });
});
