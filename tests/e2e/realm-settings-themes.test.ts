import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  checkAxeAndShoot,
  expectFailedSaveKeepsForm,
  getRealm,
  openConsoleTab,
  openElementTab,
  saveAndWait,
  startSuite,
  stopSuite,
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";

describe("realm settings: themes tab", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
  });
  after(() => stopSuite(suite));

  it("picks themes from the server's list and the realm's locales, and keeps them", async () => {
    const page = await openConsoleTab(suite, "themes");
    const form = page.getByRole("form", { name: "Themes" });
    // The demo realm is seeded with internationalization on and en, de, fr.
    assert.equal(await form.getByRole("switch", { name: "Internationalization" }).isChecked(), true);
    await form.getByRole("button", { name: "Remove this value: Français" }).click();
    const locales = form.getByRole("combobox", { name: "Supported locales" });
    await locales.click();
    await locales.fill("esp");
    await page
      .getByRole("menuitem", { name: "Español" })
      .or(page.getByRole("option", { name: "Español" }))
      .click();
    await page.keyboard.press("Escape");
    await form.getByRole("button", { name: "Default locale", exact: true }).click();
    await page.getByRole("option", { name: "Deutsch" }).click();
    await form.getByRole("button", { name: "Login theme", exact: true }).click();
    await page.getByRole("option", { name: "keycloak.v2" }).click();
    await form.getByRole("button", { name: "Email theme", exact: true }).click();
    await page.getByRole("option", { name: "keycloak", exact: true }).click();
    await checkAxeAndShoot(page, "console", "realm-settings-themes");
    await saveAndWait(page);

    const realm = await getRealm(suite.api);
    assert.equal(realm.loginTheme, "keycloak.v2");
    assert.equal(realm.emailTheme, "keycloak");
    assert.equal(realm.internationalizationEnabled, true);
    assert.deepEqual([...(realm.supportedLocales as string[])].sort(), ["de", "en", "es"]);
    assert.equal(realm.defaultLocale, "de");

    await page.reload();
    const reloaded = page.getByRole("form", { name: "Themes" });
    await reloaded.getByRole("switch", { name: "Internationalization" }).waitFor();
    assert.equal(await reloaded.getByRole("button", { name: "Login theme", exact: true }).innerText(), "keycloak.v2");
    assert.equal(await reloaded.getByRole("switch", { name: "Internationalization" }).isChecked(), true);
    await reloaded.getByRole("button", { name: "Remove this value: Español" }).waitFor();
    assert.equal(await reloaded.getByRole("button", { name: "Remove this value: Français" }).count(), 0);
    assert.equal(await reloaded.getByRole("button", { name: "Default locale", exact: true }).innerText(), "Deutsch");
    await page.close();
  });

  it("keeps the form and shows the server's message when the save fails", async () => {
    await expectFailedSaveKeepsForm(
      suite,
      "themes",
      async (form) => {
        await form.getByRole("button", { name: "Account theme", exact: true }).click();
        await form.page().getByRole("option", { name: "keycloak.v3" }).click();
      },
      async (form) =>
        assert.equal(await form.getByRole("button", { name: "Account theme", exact: true }).innerText(), "keycloak.v3"),
    );
  });

  it("opens the themes tab from an upstream themes sub-tab address", async () => {
    const page = await openConsoleTab(suite, "general");
    await page.goto(`${suite.server.baseUrl}/admin/master/console/#/demo/realm-settings/themes/settings`);
    await page.getByRole("tab", { name: "Themes", selected: true }).waitFor();
    await page.getByRole("button", { name: "Account theme", exact: true }).waitFor();
    assert.equal(await page.getByText("Page Not Found").count(), 0);
    await page.close();
  });

  it("has no serious axe violations in the dark theme", async () => {
    const page = await openElementTab(suite, "themes", { theme: "dark" });
    await page.getByRole("switch", { name: "Internationalization" }).waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-themes-dark");
    await page.close();
  });
});
