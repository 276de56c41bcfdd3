import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { adminToken, startTestServer, type TestServer } from "../support/server.ts";
import { authUrl, CookieJar, get } from "./oidc-flow.ts";
import { follow, postForm } from "./login-forms.ts";
import { fieldError, updateEmailSuite } from "./update-email-cases.ts";

// Keycloak's VERIFY_PROFILE: a user whose stored profile misses what the realm's user profile requires (new realms
// require email, first and last name) completes it at sign-in, and the password grant refuses them until then.
// Runs against the embedded server; with KC_TARGET=keycloak and KC_REAL_URL against that real Keycloak (which is how
// the expectations below were checked on Keycloak 26.7.3).
const REALM = "verify-profile";
const APP = "http://app.example/cb";
const PASSWORD = "profile-pw";

describe("VERIFY_PROFILE: an incomplete profile is completed at sign-in", () => {
  let server: TestServer | undefined;
  let baseUrl: string;
  let kc: KcAdminClient;

  before(async () => {
    const real = process.env.KC_TARGET === "keycloak" ? process.env.KC_REAL_URL : undefined;
    if (!real) server = await startTestServer({ args: ["--seed-demo", "false"] });
    baseUrl = real ?? server!.baseUrl;
    kc = new KcAdminClient({ baseUrl, realmName: "master" });
    kc.setAccessToken(await adminToken(baseUrl));
    if (await kc.realms.findOne({ realm: REALM })) await kc.realms.del({ realm: REALM });
    await kc.realms.create({ realm: REALM, enabled: true, eventsEnabled: true });
    kc.setConfig({ realmName: REALM });
    await kc.clients.create({
      clientId: "app",
      publicClient: true,
      directAccessGrantsEnabled: true,
      redirectUris: [`${APP}*`],
    });
  });
  after(async () => {
    kc.setConfig({ realmName: "master" });
    if (!server) await kc.realms.del({ realm: REALM });
    await server?.dispose();
  });

  const user = (username: string, profile: { email?: string; firstName?: string; lastName?: string }) =>
    kc.users.create({
      username,
      enabled: true,
      ...profile,
      credentials: [{ type: "password", value: PASSWORD, temporary: false }],
    });

  const passwordGrant = (username: string) =>
    fetch(`${baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", client_id: "app", username, password: PASSWORD }),
    });

  test("the password grant refuses a user without first and last name with Keycloak's answer", async () => {
    await user("nameless", { email: "nameless@example.com" });
    await user("complete", { email: "complete@example.com", firstName: "Com", lastName: "Plete" });
    const refused = await passwordGrant("nameless");
    assert.equal(refused.status, 400);
    assert.match(refused.headers.get("content-type") ?? "", /^application\/json/);
    assert.deepEqual(await refused.json(), {
      error: "invalid_grant",
      error_description: "Account is not fully set up",
    });
    assert.equal((await passwordGrant("complete")).status, 200);
    const [failure] = await kc.realms.findEvents({ realm: REALM, type: "LOGIN_ERROR", user: undefined, max: 1 });
    assert.equal(failure?.error, "resolve_required_actions");
    assert.equal(failure?.details?.reason, "Account is not fully set up");
    assert.equal(failure?.details?.username, "nameless");
  });

  test("the browser sign-in opens Update Account Information with the missing fields marked, then signs in", async () => {
    const { id } = await user("browsing", { email: "browsing@example.com" });
    const jar = new CookieJar();
    const login = await get(authUrl(baseUrl, REALM, { clientId: "app", redirectUri: APP }), jar);
    let answer = await postForm(
      baseUrl,
      await login.text(),
      "kc-form-login",
      { username: "browsing", password: PASSWORD },
      jar,
    );
    // Keycloak redirects to the required action's page; the embedded server answers with the page itself
    if (answer.status === 302 && !answer.headers.get("location")!.startsWith(APP))
      answer = await follow(answer, baseUrl, jar);
    const page = await answer.text();
    assert.equal(answer.status, 200);
    assert.match(page, /id="kc-page-title"[^>]*>\s*Update Account Information/);
    assert.match(page, /<form id="kc-update-profile-form"[^>]*execution=VERIFY_PROFILE/);
    assert.equal(fieldError(page, "firstName"), "Please specify this field.");
    assert.equal(fieldError(page, "lastName"), "Please specify this field.");
    assert.equal(fieldError(page, "email"), undefined, "the stored email is fine");

    const partly = await postForm(
      baseUrl,
      page,
      "kc-update-profile-form",
      { email: "browsing@example.com", firstName: "Bro" },
      jar,
    );
    const partlyPage = await partly.text();
    assert.equal(fieldError(partlyPage, "lastName"), "Please specify this field.");
    assert.match(partlyPage, /value="Bro"/, "what was typed stays");

    const done = await postForm(
      baseUrl,
      partlyPage,
      "kc-update-profile-form",
      { email: "browsing@example.com", firstName: "Bro", lastName: "Wsing" },
      jar,
    );
    assert.equal(done.status, 302);
    const back = new URL(done.headers.get("location")!);
    assert.equal(`${back.origin}${back.pathname}`, APP);
    assert.ok(back.searchParams.get("code"));
    const stored = await kc.users.findOne({ id: id });
    assert.equal(stored?.firstName, "Bro");
    assert.equal(stored?.lastName, "Wsing");
    assert.deepEqual(stored?.requiredActions, []);
    assert.equal((await passwordGrant("browsing")).status, 200, "complete now");

    const [updated] = await kc.realms.findEvents({ realm: REALM, type: "UPDATE_PROFILE", user: id, max: 1 });
    assert.equal(updated?.details?.custom_required_action, "VERIFY_PROFILE");
    assert.equal(updated?.details?.context, "UPDATE_PROFILE");
    assert.equal(updated?.details?.updated_first_name, "Bro");
    assert.equal(updated?.details?.updated_last_name, "Wsing");
    const verified = (await kc.realms.findEvents({ realm: REALM, user: id })).filter(
      (e) => String(e.type) === "VERIFY_PROFILE",
    );
    assert.ok(verified.length >= 1, "each showing of the page is a VERIFY_PROFILE event");
    assert.deepEqual(verified[0]?.details?.fields_to_update?.split(",").sort(), ["firstName", "lastName"]);
  });

  test("with Verify Profile disabled the realm lets an incomplete user sign in", async () => {
    const action = await kc.authenticationManagement.getRequiredActionForAlias({ alias: "VERIFY_PROFILE" });
    await kc.authenticationManagement.updateRequiredAction({ alias: "VERIFY_PROFILE" }, { ...action, enabled: false });
    try {
      await user("tolerated", {});
      assert.equal((await passwordGrant("tolerated")).status, 200);
    } finally {
      await kc.authenticationManagement.updateRequiredAction({ alias: "VERIFY_PROFILE" }, { ...action, enabled: true });
    }
  });

  test("master's user profile requires no email or names, so its admin (who has none) signs in", async () => {
    const profile = await kc.users.getProfile({ realm: "master" });
    for (const name of ["email", "firstName", "lastName"])
      assert.equal(profile.attributes?.find((a) => a.name === name)?.required, undefined, name);
    const realmProfile = await kc.users.getProfile({ realm: REALM });
    assert.deepEqual(realmProfile.attributes?.find((a) => a.name === "firstName")?.required, { roles: ["user"] });
    assert.ok(await adminToken(baseUrl));
  });

  updateEmailSuite(() => baseUrl);
});
