import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  checkAxeAndShoot,
  expectFailedSaveKeepsForm,
  getRealm,
  openConsoleTab,
  openElementTab,
  saveAndWait,
  setTime,
  startSuite,
  stopSuite,
  toggle,
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";

describe("realm settings: sessions tab", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
  });
  after(() => stopSuite(suite));

  it("sets session lifetimes with units and keeps them", async () => {
    const page = await openConsoleTab(suite, "sessions");
    const form = page.getByRole("form", { name: "Sessions" });
    await setTime(form, "SSO Session Idle", "45", "Minutes");
    await setTime(form, "SSO Session Max", "12", "Hours");
    await setTime(form, "SSO Session Idle Remember Me", "2", "Days");
    await setTime(form, "Client Session Idle", "20", "Minutes");
    await setTime(form, "Offline Session Idle", "15", "Days");
    await toggle(form.getByRole("switch", { name: "Offline Session Max Limited" }));
    await setTime(form, "Offline Session Max", "60", "Days");
    await setTime(form, "Login timeout", "10", "Minutes");
    await setTime(form, "Login action timeout", "3", "Minutes");
    await checkAxeAndShoot(page, "console", "realm-settings-sessions");
    await saveAndWait(page);

    const realm = await getRealm(suite.api);
    assert.equal(realm.ssoSessionIdleTimeout, 45 * 60);
    assert.equal(realm.ssoSessionMaxLifespan, 12 * 3600);
    assert.equal(realm.ssoSessionIdleTimeoutRememberMe, 2 * 86400);
    assert.equal(realm.clientSessionIdleTimeout, 20 * 60);
    assert.equal(realm.offlineSessionIdleTimeout, 15 * 86400);
    assert.equal(realm.offlineSessionMaxLifespanEnabled, true);
    assert.equal(realm.offlineSessionMaxLifespan, 60 * 86400);
    assert.equal(realm.accessCodeLifespanLogin, 600);
    assert.equal(realm.accessCodeLifespanUserAction, 180);

    await page.reload();
    const reloaded = page.getByRole("form", { name: "Sessions" });
    const idle = reloaded.getByRole("spinbutton", { name: "SSO Session Idle", exact: true });
    await idle.waitFor();
    assert.equal(await idle.inputValue(), "45");
    assert.match(await reloaded.getByRole("button", { name: /, the unit of SSO Session Max$/ }).innerText(), /Hours/);
    assert.equal(
      await reloaded.getByRole("spinbutton", { name: "Offline Session Max", exact: true }).inputValue(),
      "60",
    );
    assert.equal(
      await reloaded.getByRole("spinbutton", { name: "Login action timeout", exact: true }).inputValue(),
      "3",
    );
    await page.close();
  });

  it("keeps the form and shows the server's message when the save fails", async () => {
    await expectFailedSaveKeepsForm(
      suite,
      "sessions",
      (form) => setTime(form, "Client Session Max", "8", "Hours"),
      async (form) =>
        assert.equal(await form.getByRole("spinbutton", { name: "Client Session Max", exact: true }).inputValue(), "8"),
    );
  });

  it("has no serious axe violations in the dark theme", async () => {
    const page = await openElementTab(suite, "sessions", { theme: "dark" });
    await page.getByRole("spinbutton", { name: "SSO Session Idle", exact: true }).waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-sessions-dark");
    await page.close();
  });
});
