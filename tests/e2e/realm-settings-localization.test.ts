import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  checkAxeAndShoot,
  getJson,
  getRealm,
  openConsoleTab,
  openElementTab,
  saveAndWait,
  startSuite,
  stopSuite,
  toggle,
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";

const overridesOf = (suite: RealmSettingsSuite, locale: string) =>
  getJson<Record<string, string>>(suite.api, `/admin/realms/demo/localization/${locale}`);

async function openSubTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await page.getByRole("tab", { name, exact: true, selected: true }).waitFor();
}

describe("realm settings: localization tab", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
  });
  after(() => stopSuite(suite));

  it("adds a realm override for the users heading, edits it in place, sees it in the console, deletes it", async () => {
    const page = await openConsoleTab(suite, "localization");
    await openSubTab(page, "Realm overrides");
    await page.getByText("No translations", { exact: true }).waitFor();
    await checkAxeAndShoot(page, "console", "realm-settings-localization-overrides-empty");

    await page.getByRole("button", { name: "Add translation" }).click();
    const dialog = page.getByRole("dialog", { name: "Add translation" });
    await dialog.getByRole("textbox", { name: "Key" }).fill("users");
    await dialog.getByRole("textbox", { name: "Translation value" }).fill("People directory");
    await checkAxeAndShoot(page, "console", "realm-settings-localization-add");
    await dialog.getByRole("button", { name: "Create" }).click();
    await page.getByText("Success! The translation has been added.").waitFor();
    const table = page.getByRole("grid", { name: "Realm overrides" });
    await table.getByRole("row").filter({ hasText: "People directory" }).waitFor();
    assert.deepEqual(await overridesOf(suite, "en"), { users: "People directory" });

    // In place: the pencil opens the text, Enter saves it.
    await table.getByRole("button", { name: "Edit the translation of users" }).click();
    const input = table.getByRole("textbox", { name: "Translation value" });
    await input.fill("People");
    await checkAxeAndShoot(page, "console", "realm-settings-localization-edit");
    await input.press("Enter");
    await page.getByText("Success! Translation updated.").waitFor();
    await table
      .getByRole("row")
      .filter({ hasText: /People$/ })
      .waitFor();
    assert.deepEqual(await overridesOf(suite, "en"), { users: "People" });

    // A second translation with the same key is refused before it reaches the server.
    await page.getByRole("button", { name: "Add translation" }).click();
    await dialog.getByRole("textbox", { name: "Key" }).fill("users");
    await dialog.getByRole("textbox", { name: "Translation value" }).fill("Someone else");
    await dialog.getByRole("button", { name: "Create" }).click();
    await dialog.getByText("This key already has a translation for this locale; edit it in the list.").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.goto(`${suite.server.baseUrl}/admin/master/console/#/demo/users`);
    await page.reload();
    await page.getByRole("heading", { name: "People", level: 1, exact: true }).waitFor();

    await page.goto(`${suite.server.baseUrl}/admin/master/console/#/demo/realm-settings/localization`);
    await openSubTab(page, "Realm overrides");
    const row = page.getByRole("grid", { name: "Realm overrides" }).getByRole("row").filter({ hasText: "users" });
    await row.getByRole("button", { name: /^Actions/ }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete translation(s)?" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("Successfully removed translation(s).").waitFor();
    await page.getByText("No translations", { exact: true }).waitFor();
    assert.deepEqual(await overridesOf(suite, "en"), {});
    await page.close();
  });

  it("shows the effective message bundle of a theme type and language, with the realm's texts on top", async () => {
    const put = await suite.api("/admin/realms/demo/localization/de/usersExplain", {
      method: "PUT",
      body: "Alle Menschen dieses Realms.",
      headers: { "content-type": "text/plain" }, // Keycloak takes only text/plain here (415 otherwise)
    });
    assert.equal(put.status, 204);
    const page = await openConsoleTab(suite, "localization");
    await openSubTab(page, "Effective message bundles");
    const table = page.getByRole("grid", { name: "Effective message bundles" });
    await table.getByRole("row").nth(1).waitFor();
    await page.getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("option", { name: "Deutsch" }).click();
    const search = page.getByRole("textbox", { name: "Search", exact: true });
    await search.fill("usersExplain");
    await search.press("Enter");
    await table
      .getByRole("row")
      .filter({ hasText: "Alle Menschen dieses Realms." })
      .getByText("Realm overrides")
      .waitFor();
    await checkAxeAndShoot(page, "console", "realm-settings-localization-bundles");
    await page.close();
  });

  it("the Locales sub-tab edits the realm's internationalization, as the themes tab does", async () => {
    const page = await openConsoleTab(suite, "localization");
    const form = page.getByRole("form", { name: "Locales" });
    assert.equal(await form.getByRole("switch", { name: "Internationalization" }).isChecked(), true);
    await checkAxeAndShoot(page, "console", "realm-settings-localization-locales");
    await form.getByRole("button", { name: "Default locale", exact: true }).click();
    await page.getByRole("option", { name: "Deutsch" }).click();
    await saveAndWait(page);
    assert.equal((await getRealm(suite.api)).defaultLocale, "de");
    await toggle(form.getByRole("switch", { name: "Internationalization" }));
    await saveAndWait(page);
    assert.equal((await getRealm(suite.api)).internationalizationEnabled, false);

    // Without internationalization only English can be overridden.
    await openSubTab(page, "Realm overrides");
    await page.getByRole("button", { name: "Select a locale: English" }).click();
    assert.equal(await page.getByRole("option").count(), 1);
    await page.keyboard.press("Escape");
    await page.close();
  });

  it("is axe clean in the element, dark theme", async () => {
    const page = await openElementTab(suite, "localization", { theme: "dark" });
    await page.getByRole("form", { name: "Locales" }).waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-localization-locales-dark");
    await openSubTab(page, "Effective message bundles");
    await page.getByRole("grid", { name: "Effective message bundles" }).getByRole("row").nth(1).waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-localization-bundles-dark");
    await page.close();
  });
});
