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

describe("realm settings: tokens tab", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
  });
  after(() => stopSuite(suite));

  it("sets the signature algorithm, device flow, token lifespans and an action override, and keeps them", async () => {
    const page = await openConsoleTab(suite, "tokens");
    const form = page.getByRole("form", { name: "Tokens" });
    const algorithm = form.getByRole("combobox", { name: "Default Signature Algorithm" });
    await algorithm.click();
    await algorithm.fill("ES2");
    await page.getByRole("option", { name: "ES256" }).click();
    await setTime(form, "OAuth 2.0 Device Code Lifespan", "15", "Minutes");
    await form.getByRole("spinbutton", { name: "OAuth 2.0 Device Polling Interval" }).fill("7");
    await form
      .getByRole("textbox", { name: "Short verification_uri in Device Authorization flow" })
      .fill("https://go.example.com/device");
    await toggle(form.getByRole("switch", { name: "Revoke Refresh Token" }));
    await form.getByRole("spinbutton", { name: "Refresh Token Max Reuse" }).fill("2");
    await setTime(form, "Access Token Lifespan", "10", "Minutes");
    await setTime(form, "Access Token Lifespan For Implicit Flow", "20", "Minutes");
    await setTime(form, "Client Login Timeout", "2", "Minutes");
    await setTime(form, "User-Initiated Action Lifespan", "30", "Minutes");
    await setTime(form, "Email Verification", "2", "Hours");
    await checkAxeAndShoot(page, "console", "realm-settings-tokens");
    await saveAndWait(page);

    const realm = await getRealm(suite.api);
    assert.equal(realm.defaultSignatureAlgorithm, "ES256");
    assert.equal(realm.oauth2DeviceCodeLifespan, 900);
    assert.equal(realm.oauth2DevicePollingInterval, 7);
    assert.equal(realm.revokeRefreshToken, true);
    assert.equal(realm.refreshTokenMaxReuse, 2);
    assert.equal(realm.accessTokenLifespan, 600);
    assert.equal(realm.accessTokenLifespanForImplicitFlow, 1200);
    assert.equal(realm.accessCodeLifespan, 120);
    assert.equal(realm.actionTokenGeneratedByUserLifespan, 1800);
    const attributes = realm.attributes as Record<string, string>;
    assert.equal(attributes["actionTokenGeneratedByUserLifespan.verify-email"], "7200");
    assert.equal(attributes.shortVerificationUri, "https://go.example.com/device");
    assert.equal(attributes["actionTokenGeneratedByUserLifespan.reset-credentials"], undefined);

    await page.reload();
    const reloaded = page.getByRole("form", { name: "Tokens" });
    const lifespan = reloaded.getByRole("spinbutton", { name: "Access Token Lifespan", exact: true });
    await lifespan.waitFor();
    assert.equal(await lifespan.inputValue(), "10");
    assert.equal(await reloaded.getByRole("spinbutton", { name: "Email Verification", exact: true }).inputValue(), "2");
    assert.equal(await reloaded.getByRole("spinbutton", { name: "Refresh Token Max Reuse" }).inputValue(), "2");
    assert.equal(await algorithm.inputValue(), "ES256");

    // Emptying the override stores it empty: the action falls back to the user-initiated lifespan.
    await reloaded.getByRole("spinbutton", { name: "Email Verification", exact: true }).fill("");
    await saveAndWait(page);
    const cleared = (await getRealm(suite.api)).attributes as Record<string, string>;
    assert.equal(cleared["actionTokenGeneratedByUserLifespan.verify-email"], "");
    await page.close();
  });

  it("keeps the form and shows the server's message when the save fails", async () => {
    await expectFailedSaveKeepsForm(
      suite,
      "tokens",
      (form) => setTime(form, "Access Token Lifespan", "9", "Minutes"),
      async (form) =>
        assert.equal(
          await form.getByRole("spinbutton", { name: "Access Token Lifespan", exact: true }).inputValue(),
          "9",
        ),
    );
  });

  it("has no serious axe violations in the dark theme", async () => {
    const page = await openElementTab(suite, "tokens", { theme: "dark" });
    await page.getByRole("spinbutton", { name: "Access Token Lifespan", exact: true }).waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-tokens-dark");
    await page.close();
  });
});
