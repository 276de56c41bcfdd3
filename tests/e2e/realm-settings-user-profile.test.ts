import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  checkAxeAndShoot,
  getJson,
  openConsoleTab,
  openElementTab,
  startSuite,
  stopSuite,
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";

interface Config {
  attributes: { name: string; displayName?: string; validations?: Record<string, Record<string, unknown>> }[];
  groups?: { name: string; displayHeader?: string }[];
}

const profile = (suite: RealmSettingsSuite, realm = "demo") =>
  getJson<Config>(suite.api, `/admin/realms/${realm}/users/profile`);

const attributeNames = async (page: Page) =>
  (await page.getByTestId("user-profile-attributes").locator("tbody tr td:nth-child(2)").allInnerTexts()).map((t) =>
    t.trim(),
  );

describe("realm settings: user profile", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
  });
  after(() => stopSuite(suite));

  it("adds an attribute with a length validator, and the user form enforces it", async () => {
    const page = await openConsoleTab(suite, "user-profile");
    await page.getByRole("tab", { name: "Attributes", selected: true }).waitFor();
    await page.getByRole("link", { name: "firstName" }).waitFor();
    await checkAxeAndShoot(page, "console", "user-profile-attributes");

    await page.getByRole("button", { name: "Create attribute" }).click();
    const form = page.getByRole("form", { name: "Create attribute" });
    await form.getByRole("textbox", { name: "Attribute [Name]" }).fill("nickname");
    await form.getByRole("textbox", { name: "Display name" }).fill("Nickname");
    await form.getByRole("checkbox", { name: "Admin" }).first().check();
    await form.getByRole("button", { name: "Add validator" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Validator type" }).click();
    await page.getByRole("option", { name: /^length/ }).click();
    await dialog.getByRole("textbox", { name: "Maximum length" }).fill("5");
    await checkAxeAndShoot(page, "console", "user-profile-add-validator");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await form.getByTestId("attribute-validations").getByText("length").waitFor();
    await checkAxeAndShoot(page, "console", "user-profile-create-attribute");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Success! User Profile configuration has been saved.").first().waitFor();
    await page.getByRole("link", { name: "nickname" }).waitFor();

    const saved = (await profile(suite)).attributes.find((attribute) => attribute.name === "nickname");
    assert.equal(saved?.displayName, "Nickname");
    assert.equal(saved?.validations?.length?.max, "5");

    await page.goto(`${suite.server.baseUrl}/admin/master/console/#/demo/users/add-user`);
    await page.getByLabel("Username", { exact: true }).fill("nick-test");
    const nickname = page.getByLabel("Nickname", { exact: true });
    await nickname.fill("much-too-long");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByText(/Nickname must be at most 5 characters|'nickname' must have maximal length of 5/).waitFor();
    assert.equal(await nickname.inputValue(), "much-too-long");
    await checkAxeAndShoot(page, "console", "user-profile-enforced-on-user-form");
    const users = await getJson<unknown[]>(suite.api, "/admin/realms/demo/users?username=nick-test&exact=true");
    assert.equal(users.length, 0);
    await page.close();
  });

  it("reorders attributes by keyboard (announced) and by dragging", async () => {
    const page = await openConsoleTab(suite, "user-profile");
    await page.getByRole("link", { name: "lastName" }).waitFor();
    const before = await attributeNames(page);
    const moveUp = page.getByRole("button", { name: "Move lastName up" });
    await moveUp.focus();
    await page.keyboard.press("Enter");
    await page
      .getByTestId("user-profile-order-status")
      .getByText(/lastName moved to position/)
      .waitFor();
    await page.getByText("User profile settings successfully updated.").first().waitFor();
    const expected = [...before];
    const index = expected.indexOf("lastName");
    [expected[index - 1], expected[index]] = [expected[index]!, expected[index - 1]!];
    assert.deepEqual(await attributeNames(page), expected);
    assert.deepEqual(
      (await profile(suite)).attributes.map((attribute) => attribute.name),
      expected,
    );

    // With a pointer: drag the last row onto the first.
    const rows = page.getByTestId("user-profile-attributes").locator("tbody tr");
    const last = expected[expected.length - 1]!;
    const shown = await page.getByText("User profile settings successfully updated.").count();
    await rows.last().dragTo(rows.first());
    await page.getByText("User profile settings successfully updated.").nth(shown).waitFor();
    const dragged = [last, ...expected.slice(0, -1)];
    assert.deepEqual(await attributeNames(page), dragged);
    assert.deepEqual(
      (await profile(suite)).attributes.map((attribute) => attribute.name),
      dragged,
    );
    await page.close();
  });

  it("creates an attribute group and filters attributes by it", async () => {
    const page = await openConsoleTab(suite, "user-profile");
    await page.getByRole("tab", { name: "Attributes Group" }).click();
    await page.getByRole("button", { name: "Create attributes group" }).click();
    const form = page.getByRole("form", { name: "Create attributes group" });
    await form.getByRole("textbox", { name: "Group name" }).fill("contact");
    await form.getByRole("textbox", { name: "Display header" }).fill("Contact");
    await checkAxeAndShoot(page, "console", "user-profile-create-group");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("link", { name: "contact" }).waitFor();
    assert.ok((await profile(suite)).groups?.some((group) => group.name === "contact"));

    await page.getByRole("tab", { name: "Attributes", exact: true }).click();
    await page.getByRole("link", { name: "email" }).click();
    const edit = page.getByRole("form", { name: "Edit attribute" });
    await edit.getByRole("button", { name: "Attribute group", exact: true }).click();
    await page.getByRole("option", { name: "contact" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("link", { name: "email" }).waitFor();
    await page.getByRole("button", { name: "Filter by attribute group" }).click();
    await page.getByRole("option", { name: "contact" }).click();
    await page.getByRole("link", { name: "firstName" }).waitFor({ state: "detached" });
    assert.deepEqual(await attributeNames(page), ["email"]);
    await page.close();
  });

  it("refuses invalid JSON before saving and shows the server's message when it refuses", async () => {
    const page = await openConsoleTab(suite, "user-profile");
    await page.getByRole("tab", { name: "JSON editor" }).click();
    const editor = page.getByRole("textbox", { name: "User profile configuration (JSON)" });
    await editor.waitFor();
    await editor.fill("{ not json");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText(/The text is not valid JSON/).waitFor();
    assert.equal(await editor.inputValue(), "{ not json");

    const config = await profile(suite);
    config.attributes.push({ name: "badge", validations: { "no-such-validator": {} } });
    await editor.fill(JSON.stringify(config, null, 2));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText(/Validator 'no-such-validator' defined for attribute 'badge' doesn't exist/).waitFor();
    assert.match(await editor.inputValue(), /no-such-validator/);
    await checkAxeAndShoot(page, "console", "user-profile-json-refused");
    await page.close();
  });

  it("keeps the attribute form and shows the server's message when the save fails", async () => {
    const realm = "e2e-profile-gone";
    assert.equal((await suite.api("/admin/realms", { method: "POST", body: { realm } })).status, 201);
    const page = await openConsoleTab(suite, "user-profile", realm);
    await page.getByRole("button", { name: "Create attribute" }).click();
    const form = page.getByRole("form", { name: "Create attribute" });
    await form.getByRole("textbox", { name: "Attribute [Name]" }).fill("department");
    assert.equal((await suite.api(`/admin/realms/${realm}`, { method: "DELETE" })).status, 204);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText(/User Profile configuration has not been saved/).waitFor();
    assert.equal(await form.getByRole("textbox", { name: "Attribute [Name]" }).inputValue(), "department");
    await page.close();
  });

  it("has no serious axe violations in the dark theme", async () => {
    const page = await openElementTab(suite, "user-profile", { theme: "dark" });
    await page.getByRole("link", { name: "username" }).waitFor();
    await checkAxeAndShoot(page, "element", "user-profile-dark");
    await page.getByRole("link", { name: "firstName" }).click();
    await page.getByRole("form", { name: "Edit attribute" }).waitFor();
    await checkAxeAndShoot(page, "element", "user-profile-edit-attribute-dark");
    await page.close();
  });
});
