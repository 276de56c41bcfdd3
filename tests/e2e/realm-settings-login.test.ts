import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { newPage } from "../support/browser.ts";
import {
  checkAxeAndShoot,
  getRealm,
  openConsoleTab,
  openElementTab,
  startSuite,
  stopSuite,
  TIMEOUT,
  toggle,
  type RealmSettingsSuite,
} from "./realm-settings-support.ts";

const LOGIN_PAGE =
  "/realms/demo/protocol/openid-connect/auth?client_id=spa&response_type=code&scope=openid" +
  "&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb&code_challenge_method=S256" +
  "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

describe("realm settings: login tab", () => {
  let suite: RealmSettingsSuite;

  before(async () => {
    suite = await startSuite();
  });
  after(() => stopSuite(suite));

  it("saves each switch at once; with user registration on, the realm's login page links Register", async () => {
    const page = await openConsoleTab(suite, "login");
    const tab = page.getByRole("form", { name: "Login" });
    const registration = tab.getByRole("switch", { name: "User registration" });
    assert.equal(await registration.isChecked(), false);
    await toggle(registration);
    await page.getByText("User registration changed successfully").waitFor();
    assert.equal((await getRealm(suite.api)).registrationAllowed, true);

    for (const name of ["Forgot password", "Verify email", "Edit username"]) {
      await toggle(tab.getByRole("switch", { name }));
      await page.getByText(`${name} changed successfully`).waitFor();
    }
    // Logging in with email is on in the demo realm: duplicate emails cannot be allowed alongside it.
    assert.equal(await tab.getByRole("switch", { name: "Duplicate emails" }).isDisabled(), true);
    await checkAxeAndShoot(page, "console", "realm-settings-login");

    const realm = await getRealm(suite.api);
    assert.equal(realm.resetPasswordAllowed, true);
    assert.equal(realm.verifyEmail, true);
    assert.equal(realm.editUsernameAllowed, true);

    await page.reload();
    const reloaded = page.getByRole("form", { name: "Login" });
    await reloaded.getByRole("switch", { name: "User registration" }).waitFor();
    for (const name of ["User registration", "Forgot password", "Verify email", "Edit username"])
      assert.equal(await reloaded.getByRole("switch", { name }).isChecked(), true, name);
    assert.equal(await reloaded.getByRole("switch", { name: "Remember me" }).isChecked(), false);

    const { page: visitor } = await newPage(suite.browser);
    visitor.setDefaultTimeout(TIMEOUT);
    await visitor.goto(`${suite.server.baseUrl}${LOGIN_PAGE}`);
    const register = visitor.getByRole("link", { name: "Register" });
    await register.waitFor();
    assert.match(
      (await register.getAttribute("href")) ?? "",
      /\/realms\/demo\/login-actions\/registration\?client_id=spa/,
    );

    await toggle(reloaded.getByRole("switch", { name: "User registration" }));
    await page.getByText("User registration changed successfully").waitFor();
    await reloaded.getByRole("switch", { name: "User registration", checked: false }).waitFor();
    await visitor.reload();
    await visitor.getByRole("button", { name: "Sign In" }).waitFor();
    assert.equal(await visitor.getByRole("link", { name: "Register" }).count(), 0);
    await visitor.close();
    await page.close();
  });

  it("shows the server's message and leaves the switch as it was when the save fails", async () => {
    assert.equal((await suite.api("/admin/realms", { method: "POST", body: { realm: "e2e-gone" } })).status, 201);
    const page = await openConsoleTab(suite, "login", "e2e-gone");
    const rememberMe = page.getByRole("form", { name: "Login" }).getByRole("switch", { name: "Remember me" });
    await rememberMe.waitFor();
    assert.equal((await suite.api("/admin/realms/e2e-gone", { method: "DELETE" })).status, 204);
    await toggle(rememberMe);
    await page.getByText("Could not enable / disable due to Realm not found.").waitFor();
    assert.equal(await rememberMe.isChecked(), false);
    await page.close();
  });

  it("has no serious axe violations in the dark theme", async () => {
    const page = await openElementTab(suite, "login", { theme: "dark" });
    await page.getByRole("switch", { name: "Remember me" }).waitFor();
    await checkAxeAndShoot(page, "element", "realm-settings-login-dark");
    await page.close();
  });
});
