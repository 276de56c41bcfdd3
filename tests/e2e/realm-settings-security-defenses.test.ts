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
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";

describe("realm settings: security defenses tab", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
  });
  after(() => stopSuite(suite));

  it("edits the headers and brute force detection, in each mode, and keeps them", async () => {
    const page = await openConsoleTab(suite, "security-defenses");
    const form = page.getByRole("form", { name: "Security defenses" });
    await form.getByRole("textbox", { name: "X-Frame-Options" }).fill("DENY");
    await form
      .getByRole("textbox", { name: "Content-Security-Policy", exact: true })
      .fill("frame-src 'self'; frame-ancestors 'none';");
    await form.getByRole("textbox", { name: "Referrer Policy" }).fill("same-origin");
    await form.getByRole("textbox", { name: "HTTP Strict Transport Security (HSTS)" }).fill("max-age=63072000");

    const mode = form.getByRole("button", { name: "Brute Force Mode", exact: true });
    await mode.click();
    await page.getByRole("option", { name: "Lockout permanently after temporary lockout" }).click();
    await form.getByRole("spinbutton", { name: "Max login failures" }).fill("5");
    await form.getByRole("spinbutton", { name: "Maximum temporary lockouts" }).fill("3");
    await form.getByRole("button", { name: "Strategy to increase wait time", exact: true }).click();
    await page.getByRole("option", { name: "Linear" }).click();
    await setTime(form, "Wait increment", "2", "Minutes");
    await setTime(form, "Max wait", "30", "Minutes");
    await setTime(form, "Failure reset time", "12", "Hours");
    await form.getByRole("spinbutton", { name: "Quick login check milliseconds" }).fill("800");
    await setTime(form, "Minimum quick login wait", "90", "Seconds");
    await checkAxeAndShoot(page, "console", "realm-settings-security-defenses");
    await saveAndWait(page);

    let realm = await getRealm(suite.api);
    const headers = realm.browserSecurityHeaders as Record<string, string>;
    assert.equal(headers.xFrameOptions, "DENY");
    assert.equal(headers.contentSecurityPolicy, "frame-src 'self'; frame-ancestors 'none';");
    assert.equal(headers.referrerPolicy, "same-origin");
    assert.equal(headers.strictTransportSecurity, "max-age=63072000");
    assert.equal(realm.bruteForceProtected, true);
    assert.equal(realm.permanentLockout, true);
    assert.equal(realm.maxTemporaryLockouts, 3);
    assert.equal(realm.failureFactor, 5);
    assert.equal(realm.bruteForceStrategy, "LINEAR");
    assert.equal(realm.waitIncrementSeconds, 120);
    assert.equal(realm.maxFailureWaitSeconds, 1800);
    assert.equal(realm.maxDeltaTimeSeconds, 43200);
    assert.equal(realm.quickLoginCheckMilliSeconds, 800);
    assert.equal(realm.minimumQuickLoginWaitSeconds, 90);

    await page.reload();
    const reloaded = page.getByRole("form", { name: "Security defenses" });
    await reloaded.getByRole("textbox", { name: "X-Frame-Options" }).waitFor();
    assert.equal(await reloaded.getByRole("textbox", { name: "X-Frame-Options" }).inputValue(), "DENY");
    assert.equal(
      await reloaded.getByRole("button", { name: "Brute Force Mode", exact: true }).innerText(),
      "Lockout permanently after temporary lockout",
    );
    assert.equal(await reloaded.getByRole("spinbutton", { name: "Maximum temporary lockouts" }).inputValue(), "3");

    await reloaded.getByRole("button", { name: "Brute Force Mode", exact: true }).click();
    await page.getByRole("option", { name: "Lockout permanently", exact: true }).click();
    assert.equal(await reloaded.getByRole("spinbutton", { name: "Wait increment", exact: true }).count(), 0);
    await saveAndWait(page);
    realm = await getRealm(suite.api);
    assert.deepEqual([realm.bruteForceProtected, realm.permanentLockout, realm.maxTemporaryLockouts], [true, true, 0]);

    await reloaded.getByRole("button", { name: "Brute Force Mode", exact: true }).click();
    await page.getByRole("option", { name: "Disabled" }).click();
    assert.equal(await reloaded.getByRole("spinbutton", { name: "Max login failures" }).count(), 0);
    await saveAndWait(page);
    assert.equal((await getRealm(suite.api)).bruteForceProtected, false);
    await page.close();
  });

  it("keeps the form and shows the server's message when the save fails", async () => {
    await expectFailedSaveKeepsForm(
      suite,
      "security-defenses",
      (form) => form.getByRole("textbox", { name: "X-Robots-Tag" }).fill("noindex"),
      async (form) => assert.equal(await form.getByRole("textbox", { name: "X-Robots-Tag" }).inputValue(), "noindex"),
    );
  });

  it("has no serious axe violations in the dark theme", async () => {
    const page = await openElementTab(suite, "security-defenses", { theme: "dark" });
    await page.getByRole("textbox", { name: "X-Frame-Options" }).waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-security-defenses-dark");
    await page.close();
  });
});
