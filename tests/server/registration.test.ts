import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { createClient, createRealm, createUser, startAdminServer, type Api } from "../support/admin-api.ts";
import { keycloakAdminClient } from "../support/admin-client.ts";
import { UnmanagedAttributePolicy } from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import type { TestServer } from "../support/server.ts";
import { authUrl, CookieJar, get } from "./oidc-flow.ts";
import { postForm } from "./login-forms.ts";

const REALM = "signup";
const APP = "http://app.example/cb";

describe("registration page of the login theme", () => {
  let server: TestServer;
  let api: Api;
  let kc: KcAdminClient;
  let sink: SmtpSink;

  before(async () => {
    sink = await startSmtpSink();
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM, { registrationAllowed: true, eventsEnabled: true, passwordPolicy: "length(8)" });
    await createClient(api, REALM, { clientId: "app", publicClient: true, redirectUris: [`${APP}*`] });
    await createUser(api, REALM, "taken", { email: "taken@example.com" });
    kc = await keycloakAdminClient(server.baseUrl, { realm: REALM });
  });
  after(async () => {
    await server?.dispose();
    await sink?.close();
  });

  async function registrationPage(jar: CookieJar, realm = REALM) {
    const login = await (await get(authUrl(server.baseUrl, realm, { clientId: "app", redirectUri: APP }), jar)).text();
    const href = /<a href="([^"]+)">Register<\/a>/.exec(login)?.[1]?.replace(/&amp;/g, "&");
    assert.ok(href, login);
    assert.match(href, new RegExp(`/realms/${realm}/login-actions/registration\\?`));
    const page = await get(new URL(href, server.baseUrl).toString(), jar);
    assert.equal(page.status, 200);
    return page.text();
  }

  const fields = {
    username: "taken",
    email: "fresh@example.com",
    firstName: "Fresh",
    lastName: "Person",
    password: "long-enough-1",
    "password-confirm": "long-enough-1",
  };

  test("a taken username is refused with REGISTER_ERROR username_in_use, the typed fields kept", async () => {
    const jar = new CookieJar();
    const html = await registrationPage(jar);
    for (const label of ["Username", "Email", "First name", "Last name", "Password", "Confirm password"])
      assert.match(html, new RegExp(`<label for="[^"]+">${label}( <span|</label>)`));
    assert.match(html, /Back to Login<\/a>/);
    const res = await postForm(server.baseUrl, html, "kc-register-form", fields, jar);
    const again = await res.text();
    assert.equal(res.status, 200);
    assert.match(again, /<span id="input-error-username" class="kc-error"[^>]*>Username already exists\.<\/span>/);
    assert.match(again, /id="email" name="email" value="fresh@example.com"/);
    assert.match(again, /id="firstName" name="firstName" value="Fresh"/);
    assert.doesNotMatch(again, /long-enough-1/);
    const events = await kc.realms.findEvents({ realm: REALM, type: "REGISTER_ERROR" });
    assert.equal(events.length, 1);
    assert.equal(events[0]!.error, "username_in_use");
    assert.equal(events[0]!.clientId, "app");
    assert.equal(events[0]!.details?.username, "taken");
    assert.equal(events[0]!.details?.register_method, "form");
    assert.equal((await kc.users.find({ realm: REALM, email: "fresh@example.com", exact: true })).length, 0);
  });

  test("a taken email, a short password and a wrong confirmation are refused with Keycloak's messages", async () => {
    const jar = new CookieJar();
    const html = await registrationPage(jar);
    const email = await postForm(
      server.baseUrl,
      html,
      "kc-register-form",
      { ...fields, username: "someone", email: "taken@example.com" },
      jar,
    );
    assert.match(await email.text(), />Email already exists\.</);
    const short = await postForm(
      server.baseUrl,
      html,
      "kc-register-form",
      { ...fields, username: "someone", password: "short", "password-confirm": "short" },
      jar,
    );
    assert.match(await short.text(), />Invalid password: minimum length 8\.</);
    const mismatch = await postForm(
      server.baseUrl,
      html,
      "kc-register-form",
      { ...fields, username: "someone", "password-confirm": "other-one-1" },
      jar,
    );
    assert.match(await mismatch.text(), />Password confirmation doesn&#39;t match\.</);
    const errors = await kc.realms.findEvents({ realm: REALM, type: "REGISTER_ERROR" });
    assert.deepEqual(errors.map((e) => e.error).sort(), [
      "email_in_use",
      "invalid_registration",
      "invalid_registration",
      "username_in_use",
    ]);
  });

  test("a valid registration creates the user, records REGISTER and returns a code to the client", async () => {
    const jar = new CookieJar();
    const html = await registrationPage(jar);
    const res = await postForm(server.baseUrl, html, "kc-register-form", { ...fields, username: "Newcomer" }, jar);
    assert.equal(res.status, 302, await res.clone().text());
    const location = new URL(res.headers.get("location")!);
    assert.equal(`${location.origin}${location.pathname}`, APP);
    assert.ok(location.searchParams.get("code"));
    const [user] = await kc.users.find({ realm: REALM, username: "newcomer", exact: true });
    assert.equal(user?.email, "fresh@example.com");
    assert.equal(user?.firstName, "Fresh");
    assert.equal(user?.enabled, true);
    const [event] = await kc.realms.findEvents({ realm: REALM, type: "REGISTER" });
    assert.equal(event?.userId, user?.id);
    assert.equal(event?.details?.email, "fresh@example.com");
  });

  test("registration is refused when the realm does not allow it", async () => {
    await kc.realms.update({ realm: REALM }, { registrationAllowed: false });
    const jar = new CookieJar();
    const login = await (await get(authUrl(server.baseUrl, REALM, { clientId: "app", redirectUri: APP }), jar)).text();
    assert.doesNotMatch(login, />Register</);
    const tab = /tab_id=([^&"]+)/.exec(login)?.[1];
    const page = await get(
      `${server.baseUrl}/realms/${REALM}/login-actions/registration?client_id=app&tab_id=${tab}`,
      jar,
    );
    assert.equal(page.status, 400);
    assert.match(await page.text(), /Registration not allowed/);
  });

  test("email as username, terms as a default action and verify email: the new user accepts the terms, then gets the mail", async () => {
    const realm = "signup-mail";
    await createRealm(api, realm, {
      registrationAllowed: true,
      registrationEmailAsUsername: true,
      verifyEmail: true,
      smtpServer: sink.settings(),
    });
    await createClient(api, realm, { clientId: "app", publicClient: true, redirectUris: [`${APP}*`] });
    const terms = await kc.authenticationManagement.getRequiredActionForAlias({ alias: "TERMS_AND_CONDITIONS", realm });
    await kc.authenticationManagement.updateRequiredAction(
      { alias: "TERMS_AND_CONDITIONS", realm },
      { ...terms, enabled: true, defaultAction: true },
    );
    const jar = new CookieJar();
    const html = await registrationPage(jar, realm);
    assert.doesNotMatch(html, /<label for="username">/);
    const { username: _, ...rest } = fields;
    const res = await postForm(
      server.baseUrl,
      html,
      "kc-register-form",
      { ...rest, email: "Mail.User@example.com" },
      jar,
    );
    const termsPage = await res.text();
    assert.equal(res.status, 200, termsPage);
    assert.match(termsPage, /<h1 id="kc-page-title">Terms and Conditions<\/h1>/);
    const accepted = await postForm(server.baseUrl, termsPage, "kc-terms-form", { accept: "Accept" }, jar);
    assert.match(await accepted.text(), /You need to verify your email address to activate your account\./);
    await sink.waitFor((m) => m.recipients.includes("mail.user@example.com"));
    const [user] = await kc.users.find({ realm, username: "mail.user@example.com", exact: true });
    assert.equal(user?.email, "mail.user@example.com");
    assert.equal(user?.emailVerified, false);
    assert.deepEqual(user?.requiredActions, ["VERIFY_EMAIL"]);
  });

  test("the realm's own user-profile attributes are asked for, validated and stored", async () => {
    const realm = "signup-profile";
    await createRealm(api, realm, { registrationAllowed: true });
    await createClient(api, realm, { clientId: "app", publicClient: true, redirectUris: [`${APP}*`] });
    const config = await kc.users.getProfile({ realm });
    config.attributes!.push({
      name: "department",
      displayName: "Department",
      required: { roles: ["user"] },
      permissions: { view: ["admin", "user"], edit: ["admin", "user"] },
      validations: { length: { max: 5 } },
    });
    await kc.users.updateProfile({ ...config, realm });
    const jar = new CookieJar();
    const html = await registrationPage(jar, realm);
    assert.match(html, /<label for="kc-attribute-0">Department <span/);
    const missing = await postForm(server.baseUrl, html, "kc-register-form", { ...fields, username: "dept" }, jar);
    const missingHtml = await missing.text();
    assert.match(missingHtml, /class="kc-error"[^>]*>Please specify this field\.</);
    assert.match(missingHtml, /id="username" name="username" value="dept"/);
    const long = await postForm(
      server.baseUrl,
      html,
      "kc-register-form",
      { ...fields, username: "dept", department: "Engineering" },
      jar,
    );
    const longHtml = await long.text();
    assert.match(longHtml, /class="kc-error"[^>]*>Maximal length is 5\.</);
    assert.match(longHtml, /name="department" value="Engineering"/);
    const ok = await postForm(
      server.baseUrl,
      html,
      "kc-register-form",
      { ...fields, username: "dept", department: "Eng" },
      jar,
    );
    assert.equal(ok.status, 302, await ok.clone().text());
    const [user] = await kc.users.find({ realm, username: "dept", exact: true });
    assert.deepEqual(user?.attributes?.department, ["Eng"]);
  });
  test("the terms form action enabled in the registration flow puts a checkbox on the page that must be ticked", async () => {
    const realm = "signup-terms";
    await createRealm(api, realm, { registrationAllowed: true });
    await createClient(api, realm, { clientId: "app", publicClient: true, redirectUris: [`${APP}*`] });
    // The acceptance time is an attribute the user profile does not declare: let administrators see it.
    const profileConfig = await kc.users.getProfile({ realm });
    await kc.users.updateProfile({
      ...profileConfig,
      realm,
      unmanagedAttributePolicy: UnmanagedAttributePolicy.AdminView,
    });
    const executions = await kc.authenticationManagement.getExecutions({ realm, flow: "registration" });
    const terms = executions.find((e) => e.providerId === "registration-terms-and-conditions")!;
    assert.equal(terms.requirement, "DISABLED");
    const jar = new CookieJar();
    assert.doesNotMatch(await registrationPage(jar, realm), /termsAccepted/, "no checkbox while the step is disabled");
    await kc.authenticationManagement.updateExecution(
      { realm, flow: "registration" },
      { ...terms, requirement: "REQUIRED" },
    );
    const html = await registrationPage(jar, realm);
    assert.match(html, /<input type="checkbox" id="termsAccepted" name="termsAccepted">/);
    assert.match(html, /I agree to the terms and conditions/);
    const refused = await postForm(
      server.baseUrl,
      html,
      "kc-register-form",
      { ...fields, username: "terms-user" },
      jar,
    );
    const refusedHtml = await refused.text();
    assert.match(refusedHtml, /id="input-error-terms-accepted"[^>]*>You must agree to our terms and conditions\.</);
    assert.match(refusedHtml, /id="username" name="username" value="terms-user"/, "what was typed stays");
    const accepted = await postForm(
      server.baseUrl,
      refusedHtml,
      "kc-register-form",
      { ...fields, username: "terms-user", termsAccepted: "on" },
      jar,
    );
    assert.equal(accepted.status, 302, await accepted.clone().text());
    const [user] = await kc.users.find({ realm, username: "terms-user", exact: true });
    assert.match(user?.attributes?.terms_and_conditions?.[0] ?? "", /^\d{10}$/, "acceptance time stored");
  });

  test("the realm's own registrationFlow binding is run: its steps, not a fixed list", async () => {
    const realm = "signup-own-flow";
    await createRealm(api, realm, { registrationAllowed: true });
    await createClient(api, realm, { clientId: "app", publicClient: true, redirectUris: [`${APP}*`] });
    await kc.authenticationManagement.copyFlow({ realm, flow: "registration", newName: "no password registration" });
    const copied = await kc.authenticationManagement.getExecutions({ realm, flow: "no password registration" });
    const password = copied.find((e) => e.providerId === "registration-password-action")!;
    await kc.authenticationManagement.updateExecution(
      { realm, flow: "no password registration" },
      { ...password, requirement: "DISABLED" },
    );
    await kc.realms.update({ realm }, { registrationFlow: "no password registration" });
    const jar = new CookieJar();
    const html = await registrationPage(jar, realm);
    assert.doesNotMatch(html, /id="password"/, "the bound flow asks for no password");
    const { password: _p, "password-confirm": _c, ...profile } = fields;
    const res = await postForm(server.baseUrl, html, "kc-register-form", { ...profile, username: "nopass" }, jar);
    assert.equal(res.status, 302, await res.clone().text());
    const [user] = await kc.users.find({ realm, username: "nopass", exact: true });
    assert.deepEqual(await kc.users.getCredentials({ realm, id: user!.id! }), [], "created without a password");

    const recaptcha = copied.find((e) => e.providerId === "registration-recaptcha-action")!;
    await kc.authenticationManagement.updateExecution(
      { realm, flow: "no password registration" },
      { ...recaptcha, requirement: "REQUIRED" },
    );
    const fresh = new CookieJar();
    const login = await (
      await get(authUrl(server.baseUrl, realm, { clientId: "app", redirectUri: APP }), fresh)
    ).text();
    const href = /<a href="([^"]+)">Register<\/a>/.exec(login)![1]!.replace(/&amp;/g, "&");
    const refused = await get(new URL(href, server.baseUrl).toString(), fresh);
    assert.equal(refused.status, 500);
    assert.match(
      await refused.text(),
      /The registration step &quot;reCAPTCHA&quot; \(registration-recaptcha-action\) is not supported/,
    );
  });
});
