import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import {
  createClient,
  createRealm,
  createUser,
  idFromLocation,
  json,
  type Json,
  startAdminServer,
  type Api,
} from "../support/admin-api.ts";
import type { TestServer } from "../support/server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { authUrl, CookieJar, get } from "./oidc-flow.ts";
import { actionOf, errorText, postForm } from "./login-forms.ts";

const REALM = "flows";
const base = `/admin/realms/${REALM}`;
const APP = "http://app.example/cb";

/** RFC 6238 TOTP of the secret's bytes (Keycloak's defaults: HmacSHA1, 6 digits, 30 s). */
function totp(secret: string, offsetSteps = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offsetSteps));
  const hash = createHmac("sha1", Buffer.from(secret, "utf8")).update(counter).digest();
  const offset = hash[hash.length - 1]! & 0xf;
  return String((hash.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

function fromBase32(text: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/\s+/g, "")) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

const otpCredential = (secret: string, userLabel = "Phone") => ({
  type: "otp",
  userLabel,
  secretData: JSON.stringify({ value: secret }),
  credentialData: JSON.stringify({ subType: "totp", digits: 6, counter: 0, period: 30, algorithm: "HmacSHA1" }),
});

describe("browser login: flows, OTP and required actions", () => {
  let server: TestServer;
  let api: Api;
  let sink: SmtpSink;

  before(async () => {
    sink = await startSmtpSink();
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM, { smtpServer: sink.settings({ fromDisplayName: "Flows realm" }) });
    await createClient(api, REALM, { clientId: "app", publicClient: true, redirectUris: [`${APP}*`] });
  });
  after(async () => {
    await server?.dispose();
    await sink?.close();
  });

  const user = (username: string, extra: Record<string, unknown> = {}) =>
    createUser(api, REALM, username, {
      email: `${username}@example.com`,
      firstName: "Test",
      lastName: "User",
      credentials: [{ type: "password", value: "password" }],
      ...extra,
    });

  /** Opens the login page of `clientId` and posts the username/password form; returns the answer and the jar. */
  async function signIn(username: string, clientId = "app") {
    const jar = new CookieJar();
    const page = await get(authUrl(server.baseUrl, REALM, { clientId, redirectUri: APP }), jar);
    const html = await page.text();
    assert.equal(page.status, 200, html);
    assert.match(html, /<label for="username">Username or email<\/label>/);
    assert.match(html, /<label for="password">Password<\/label>/);
    assert.match(html, /value="Sign In"/);
    const res = await postForm(server.baseUrl, html, "kc-form-login", { username, password: "password" }, jar);
    return { res, jar };
  }

  const codeOf = (res: Response) => {
    assert.equal(res.status, 302);
    const location = new URL(res.headers.get("location")!);
    assert.equal(`${location.origin}${location.pathname}`, APP);
    return location.searchParams;
  };

  test("a user with an OTP credential gets the OTP page; a wrong code is refused, the right one signs in", async () => {
    const secret = "AbCdEfGhIjKlMnOpQrSt";
    await user("otp-owner", { credentials: [{ type: "password", value: "password" }, otpCredential(secret)] });
    const { res, jar } = await signIn("otp-owner");
    const html = await res.text();
    assert.equal(res.status, 200);
    assert.match(html, /<label for="otp">One-time code<\/label>/);
    assert.match(html, /id="kc-login" name="login" value="Sign In"/);
    const wrong = await postForm(server.baseUrl, html, "kc-otp-login-form", { otp: "000000" }, jar);
    const wrongHtml = await wrong.text();
    assert.equal(errorText(wrongHtml), "Invalid authenticator code.");
    const right = await postForm(server.baseUrl, wrongHtml, "kc-otp-login-form", { otp: totp(secret) }, jar);
    assert.ok(codeOf(right).get("code"));
  });

  test("conditional OTP: a user without an OTP credential signs in with the password alone", async () => {
    await user("no-otp");
    const { res } = await signIn("no-otp");
    assert.ok(codeOf(res).get("code"));
  });

  test("CONFIGURE_TOTP: the shown key gives codes, the credential is stored and asked for at the next login", async () => {
    const id = await user("new-otp", { requiredActions: ["CONFIGURE_TOTP"] });
    const { res, jar } = await signIn("new-otp");
    const html = await res.text();
    assert.match(html, /Mobile Authenticator Setup/);
    assert.match(html, /<img id="kc-totp-secret-qr-code" class="kc-qr" src="data:image\/svg\+xml;base64,/);
    assert.doesNotMatch(html, /kc-totp-secret-key/, "the key only behind 'Unable to scan?'");
    const qrOf = (page: string) => /id="kc-totp-secret-qr-code" class="kc-qr" src="([^"]+)"/.exec(page)![1];
    const manualLink = /<a href="([^"]+)" id="mode-manual">Unable to scan\?<\/a>/
      .exec(html)![1]!
      .replace(/&amp;/g, "&");
    const manual = await (await get(new URL(manualLink, server.baseUrl).toString(), jar)).text();
    assert.match(manual, /id="mode-barcode">Scan barcode\?<\/a>/);
    const key = /<p id="kc-totp-secret-key" class="kc-secret">([A-Z2-7 ]+)<\/p>/.exec(manual)![1]!;
    const secret = fromBase32(key);
    assert.equal(secret.length, 20);
    const empty = await postForm(server.baseUrl, html, "kc-totp-settings-form", { totp: "", userLabel: "" }, jar);
    const emptyHtml = await empty.text();
    assert.equal(errorText(emptyHtml), "Please specify authenticator code.");
    const bad = await postForm(server.baseUrl, emptyHtml, "kc-totp-settings-form", { totp: "123456" }, jar);
    const badHtml = await bad.text();
    assert.equal(errorText(badHtml), "Invalid authenticator code.");
    assert.equal(qrOf(badHtml), qrOf(html), "same secret kept");
    const done = await postForm(
      server.baseUrl,
      badHtml,
      "kc-totp-settings-form",
      { totp: totp(secret), userLabel: "My phone" },
      jar,
    );
    assert.ok(codeOf(done).get("code"));

    const credentials = await json<{ type: string; userLabel?: string; credentialData: string }[]>(
      await api(`${base}/users/${id}/credentials`),
    );
    const otp = credentials.find((c) => c.type === "otp")!;
    assert.equal(otp.userLabel, "My phone");
    assert.deepEqual(JSON.parse(otp.credentialData), {
      subType: "totp",
      digits: 6,
      counter: 0,
      period: 30,
      algorithm: "HmacSHA1",
    });
    const account = await json<{ totp: boolean; requiredActions: string[] }>(await api(`${base}/users/${id}`));
    assert.equal(account.totp, true);
    assert.deepEqual(account.requiredActions, []);

    const again = await signIn("new-otp");
    const otpPage = await again.res.text();
    assert.match(otpPage, /One-time code/);
    const reused = await postForm(server.baseUrl, otpPage, "kc-otp-login-form", { otp: totp(secret) }, again.jar);
    const reusedHtml = await reused.text();
    assert.equal(errorText(reusedHtml), "Invalid authenticator code.", "a used code is not taken twice");
    const next = await postForm(server.baseUrl, reusedHtml, "kc-otp-login-form", { otp: totp(secret, 1) }, again.jar);
    assert.ok(codeOf(next).get("code"));
  });

  test("VERIFY_EMAIL: the mail goes through the realm's SMTP settings and its link verifies and signs in", async () => {
    const id = await user("verifier", { requiredActions: ["VERIFY_EMAIL"], emailVerified: false });
    const { res, jar } = await signIn("verifier");
    const html = await res.text();
    assert.match(html, /Email verification/);
    assert.match(html, /You need to verify your email address to activate your account\./);
    const mail = await sink.waitFor((m) => m.recipients.includes("verifier@example.com"));
    assert.equal(mail.subject, "Verify email");
    assert.equal(mail.headers.get("from"), "Flows realm <noreply@example.com>");
    const link = /(http:\/\/\S+\/login-actions\/action-token\?\S+)/.exec(mail.text)![1]!;
    assert.match(mail.text, /This link will expire within 5 minutes\./);
    const opened = await get(link, jar);
    assert.ok(codeOf(opened).get("code"));
    const account = await json<{ emailVerified: boolean; requiredActions: string[] }>(await api(`${base}/users/${id}`));
    assert.equal(account.emailVerified, true);
    assert.deepEqual(account.requiredActions, []);
    const usedAgain = await get(link, new CookieJar());
    assert.equal(usedAgain.status, 400);
    assert.match(await usedAgain.text(), /Action expired/);
  });

  test("UPDATE_PROFILE: missing names are refused with Keycloak's messages, then saved", async () => {
    const id = await createUser(api, REALM, "profiled", {
      credentials: [{ type: "password", value: "password" }],
      requiredActions: ["UPDATE_PROFILE"],
    });
    const { res, jar } = await signIn("profiled");
    const html = await res.text();
    assert.match(html, /Update Account Information/);
    for (const label of ["Email", "First name", "Last name"]) assert.match(html, new RegExp(`>${label} `));
    const missing = await postForm(
      server.baseUrl,
      html,
      "kc-update-profile-form",
      { email: "not-an-email", firstName: "Pat", lastName: "" },
      jar,
    );
    const missingHtml = await missing.text();
    assert.match(missingHtml, /id="input-error-email"[^>]*>Invalid email address\./);
    assert.match(missingHtml, /id="input-error-lastName"[^>]*>Please specify this field\./);
    assert.match(missingHtml, /value="Pat"/, "typed values stay");
    const saved = await postForm(
      server.baseUrl,
      missingHtml,
      "kc-update-profile-form",
      { email: "pat@example.com", firstName: "Pat", lastName: "Lee" },
      jar,
    );
    assert.ok(codeOf(saved).get("code"));
    const account = await json<Record<string, unknown>>(await api(`${base}/users/${id}`));
    assert.equal(account.email, "pat@example.com");
    assert.equal(account.lastName, "Lee");
  });

  test("TERMS_AND_CONDITIONS: only when enabled; decline ends with access_denied, accept stores the time", async () => {
    const id = await user("termed", { requiredActions: ["TERMS_AND_CONDITIONS"] });
    assert.ok(codeOf((await signIn("termed")).res).get("code"), "a disabled action is skipped");
    const action = await json(await api(`${base}/authentication/required-actions/TERMS_AND_CONDITIONS`));
    assert.equal(
      (
        await api(`${base}/authentication/required-actions/TERMS_AND_CONDITIONS`, {
          method: "PUT",
          body: { ...action, enabled: true },
        })
      ).status,
      204,
    );
    const first = await signIn("termed");
    const html = await first.res.text();
    assert.match(html, /Terms and Conditions/);
    assert.match(html, /Terms and conditions to be defined/);
    const declined = await postForm(server.baseUrl, html, "kc-terms-form", { cancel: "Decline" }, first.jar);
    assert.equal(codeOf(declined).get("error"), "access_denied");
    const second = await signIn("termed");
    const accepted = await postForm(
      server.baseUrl,
      await second.res.text(),
      "kc-terms-form",
      { accept: "Accept" },
      second.jar,
    );
    assert.ok(codeOf(accepted).get("code"));
    const account = await json<{ requiredActions: string[] }>(await api(`${base}/users/${id}`));
    assert.deepEqual(account.requiredActions, []);
  });

  test("UPDATE_PROFILE: the user profile's validators refuse values with Keycloak's login texts", async () => {
    const original = await json<{ attributes: { name: string; validations?: Record<string, unknown> }[] }>(
      await api(`${base}/users/profile`),
    );
    const config = structuredClone(original);
    const firstName = config.attributes.find((attribute) => attribute.name === "firstName")!;
    firstName.validations = { ...firstName.validations, length: { max: "3" } };
    assert.equal((await api(`${base}/users/profile`, { method: "PUT", body: config })).status, 200);
    try {
      await createUser(api, REALM, "validated", {
        credentials: [{ type: "password", value: "password" }],
        requiredActions: ["UPDATE_PROFILE"],
      });
      const { res, jar } = await signIn("validated");
      const refused = await postForm(
        server.baseUrl,
        await res.text(),
        "kc-update-profile-form",
        { email: "validated@example.com", firstName: "Patrick", lastName: "O<Brien" },
        jar,
      );
      const html = await refused.text();
      assert.match(html, /id="input-error-firstName"[^>]*>Maximal length is 3\./);
      assert.match(html, /id="input-error-lastName"[^>]*>Value contains invalid character\./);
    } finally {
      assert.equal((await api(`${base}/users/profile`, { method: "PUT", body: original })).status, 200);
    }
  });

  test("required actions run in the realm's priority order", async () => {
    await user("ordered", {
      requiredActions: ["UPDATE_PROFILE"],
      credentials: [{ type: "password", value: "password", temporary: true }],
    });
    const { res, jar } = await signIn("ordered");
    const html = await res.text();
    // Keycloak 26.7.3's new realm: UPDATE_PROFILE (40) before UPDATE_PASSWORD (57), checked on Keycloak
    assert.match(html, /Update Account Information/, "UPDATE_PROFILE (40) before UPDATE_PASSWORD (57)");
    const next = await postForm(
      server.baseUrl,
      html,
      "kc-update-profile-form",
      { email: "ordered@example.com", firstName: "Or", lastName: "Dered" },
      jar,
    );
    assert.match(await next.text(), /Update password/);
  });

  test("a default required action is given to new users and asked for at their first login", async () => {
    const action = await json(await api(`${base}/authentication/required-actions/UPDATE_PROFILE`));
    const put = await api(`${base}/authentication/required-actions/UPDATE_PROFILE`, {
      method: "PUT",
      body: { ...action, defaultAction: true },
    });
    assert.equal(put.status, 204);
    try {
      const id = await user("defaulted");
      const account = await json<{ requiredActions: string[] }>(await api(`${base}/users/${id}`));
      assert.deepEqual(account.requiredActions, ["UPDATE_PROFILE"]);
      assert.match(await (await signIn("defaulted")).res.text(), /Update Account Information/);
    } finally {
      await api(`${base}/authentication/required-actions/UPDATE_PROFILE`, {
        method: "PUT",
        body: { ...action, defaultAction: false },
      });
    }
  });

  /** A top-level flow of its own, bound to a new client as its browser flow override. */
  async function flowForClient(alias: string, clientId: string) {
    const created = await api(`${base}/authentication/flows`, {
      method: "POST",
      body: { alias, providerId: "basic-flow", topLevel: true, builtIn: false, description: "" },
    });
    assert.equal(created.status, 201);
    const flowId = idFromLocation(created);
    await createClient(api, REALM, {
      clientId,
      publicClient: true,
      redirectUris: [`${APP}*`],
      authenticationFlowBindingOverrides: { browser: flowId },
    });
    return flowId;
  }

  async function addStep(flow: string, provider: string, requirement: string) {
    const res = await api(`${base}/authentication/flows/${encodeURIComponent(flow)}/executions/execution`, {
      method: "POST",
      body: { provider },
    });
    assert.equal(res.status, 201, await res.text());
    const id = idFromLocation(res);
    await setRequirement(flow, id, requirement);
    return id;
  }

  async function setRequirement(flow: string, id: string, requirement: string) {
    const executions = await json<{ id: string }[]>(
      await api(`${base}/authentication/flows/${encodeURIComponent(flow)}/executions`),
    );
    const execution = executions.find((e) => e.id === id)!;
    const res = await api(`${base}/authentication/flows/${encodeURIComponent(flow)}/executions`, {
      method: "PUT",
      body: { ...execution, requirement },
    });
    assert.equal(res.status, 204, await res.text());
  }

  test("a step the server cannot run ends the login on an error page naming it", async () => {
    await flowForClient("with webauthn", "webauthn-app");
    await addStep("with webauthn", "auth-username-password-form", "REQUIRED");
    await addStep("with webauthn", "webauthn-authenticator", "REQUIRED");
    await user("webauthn-user");
    const { res } = await signIn("webauthn-user", "webauthn-app");
    assert.equal(res.status, 500);
    const html = await res.text();
    assert.match(html, /We are sorry\.\.\./);
    assert.match(html, /webauthn-authenticator/);
    assert.match(html, /is not supported by this server/);
  });

  test("conditional-user-role: a REQUIRED OTP in a conditional sub-flow only for holders of the role, set up on first login", async () => {
    await api(`${base}/roles`, { method: "POST", body: { name: "needs-otp" } });
    await flowForClient("role otp", "role-app");
    await addStep("role otp", "auth-username-password-form", "REQUIRED");
    const sub = await api(`${base}/authentication/flows/role%20otp/executions/flow`, {
      method: "POST",
      body: { alias: "role otp condition", type: "basic-flow", description: "" },
    });
    assert.equal(sub.status, 201);
    const executions = await json<{ id: string; displayName: string }[]>(
      await api(`${base}/authentication/flows/role%20otp/executions`),
    );
    await setRequirement("role otp", executions.find((e) => e.displayName === "role otp condition")!.id, "CONDITIONAL");
    const condition = await addStep("role otp condition", "conditional-user-role", "REQUIRED");
    const config = await api(`${base}/authentication/executions/${condition}/config`, {
      method: "POST",
      body: { alias: "needs otp role", config: { condUserRole: "needs-otp", negate: "false" } },
    });
    assert.equal(config.status, 201, await config.text());
    await addStep("role otp condition", "auth-otp-form", "REQUIRED");

    await user("plain-role");
    assert.ok(codeOf((await signIn("plain-role", "role-app")).res).get("code"));

    const holder = await user("otp-role");
    const role = await json(await api(`${base}/roles/needs-otp`));
    await api(`${base}/users/${holder}/role-mappings/realm`, { method: "POST", body: [role] });
    const { res } = await signIn("otp-role", "role-app");
    assert.match(await res.text(), /Mobile Authenticator Setup/);
  });

  test("REQUIRED or CONDITIONAL beside ALTERNATIVE at one level: the alternatives never run, as in Keycloak", async () => {
    await flowForClient("mixed level", "mixed-app");
    await addStep("mixed level", "auth-cookie", "ALTERNATIVE");
    const form = await addStep("mixed level", "auth-username-password-form", "ALTERNATIVE");
    const sub = await api(`${base}/authentication/flows/mixed%20level/executions/flow`, {
      method: "POST",
      body: { alias: "mixed otp", type: "basic-flow", description: "" },
    });
    assert.equal(sub.status, 201);
    const steps = await json<{ id: string; displayName: string }[]>(
      await api(`${base}/authentication/flows/mixed%20level/executions`),
    );
    const subId = steps.find((e) => e.displayName === "mixed otp")!.id;
    await setRequirement("mixed level", subId, "CONDITIONAL");
    await addStep("mixed otp", "conditional-user-configured", "REQUIRED");
    await addStep("mixed otp", "auth-otp-form", "REQUIRED");
    await user("mixed-user");
    const open = () =>
      get(authUrl(server.baseUrl, REALM, { clientId: "mixed-app", redirectUri: APP }), new CookieJar());

    // No user yet, so the sub-flow's condition does not hold; the login form beside it is never offered.
    const refused = await open();
    const html = await refused.text();
    assert.equal(refused.status, 400);
    assert.doesNotMatch(html, /id="kc-form-login"/);
    assert.equal(errorText(html), "Invalid username or password.");

    // The same form as a REQUIRED step runs (with the sub-flow beside it), and so do the alternatives once the
    // CONDITIONAL sub-flow is disabled.
    await setRequirement("mixed level", form, "REQUIRED");
    assert.match(await (await open()).text(), /id="kc-form-login"/);
    await setRequirement("mixed level", form, "ALTERNATIVE");
    await setRequirement("mixed level", subId, "DISABLED");
    const offered = await open();
    assert.equal(offered.status, 200);
    assert.match(await offered.text(), /id="kc-form-login"/);
  });

  test("auth-username-form then auth-password-form: two pages", async () => {
    await flowForClient("two pages", "two-page-app");
    await addStep("two pages", "auth-username-form", "REQUIRED");
    await addStep("two pages", "auth-password-form", "REQUIRED");
    await user("two-step");
    const jar = new CookieJar();
    const page = await get(authUrl(server.baseUrl, REALM, { clientId: "two-page-app", redirectUri: APP }), jar);
    const html = await page.text();
    assert.doesNotMatch(html, /id="password"/);
    const unknown = await postForm(server.baseUrl, html, "kc-form-login", { username: "nobody" }, jar);
    const unknownHtml = await unknown.text();
    assert.equal(errorText(unknownHtml), "Invalid username or email.");
    const passwordPage = await postForm(server.baseUrl, unknownHtml, "kc-form-login", { username: "two-step" }, jar);
    const passwordHtml = await passwordPage.text();
    assert.match(passwordHtml, /id="kc-attempted-username">two-step/);
    const wrong = await postForm(server.baseUrl, passwordHtml, "kc-form-login", { password: "nope" }, jar);
    const wrongHtml = await wrong.text();
    assert.equal(errorText(wrongHtml), "Invalid password.");
    const right = await postForm(server.baseUrl, wrongHtml, "kc-form-login", { password: "password" }, jar);
    assert.ok(codeOf(right).get("code"));
    assert.ok(actionOf(html, "kc-form-login", server.baseUrl).includes("execution="));

    const second = new CookieJar();
    const start = await get(authUrl(server.baseUrl, REALM, { clientId: "two-page-app", redirectUri: APP }), second);
    const asked = await postForm(server.baseUrl, await start.text(), "kc-form-login", { username: "two-step" }, second);
    const askedHtml = await asked.text();
    const restart = /id="reset-login" href="([^"]+)"/.exec(askedHtml)![1]!.replace(/&amp;/g, "&");
    const restarted = await (await get(new URL(restart, server.baseUrl).toString(), second)).text();
    assert.match(restarted, /id="username"/, "back to the username page");
    assert.doesNotMatch(restarted, /kc-attempted-username/);
  });

  test("identity-provider-redirector without a usable provider passes on; with one it sends the browser there", async () => {
    const page = await get(
      `${authUrl(server.baseUrl, REALM, { clientId: "app", redirectUri: APP })}&kc_idp_hint=nowhere`,
      new CookieJar(),
    );
    assert.equal(page.status, 200);
    assert.match(await page.text(), /kc-form-login/);
    const idp = await api(`${base}/identity-provider/instances`, {
      method: "POST",
      body: {
        alias: "corp",
        providerId: "oidc",
        enabled: true,
        config: { clientId: "x", authorizationUrl: "https://idp.example/auth", tokenUrl: "https://idp.example/token" },
      },
    });
    assert.equal(idp.status, 201, await idp.text());
    const jar = new CookieJar();
    const redirected = await get(
      `${authUrl(server.baseUrl, REALM, { clientId: "app", redirectUri: APP })}&kc_idp_hint=corp`,
      jar,
    );
    assert.equal(redirected.status, 302);
    const brokerLogin = new URL(redirected.headers.get("location")!, server.baseUrl);
    assert.equal(brokerLogin.pathname, `/realms/${REALM}/broker/corp/login`);
    const external = await get(brokerLogin.toString(), jar);
    assert.equal(external.status, 303);
    const authorize = new URL(external.headers.get("location")!);
    assert.equal(`${authorize.origin}${authorize.pathname}`, "https://idp.example/auth");
    assert.equal(authorize.searchParams.get("client_id"), "x");
    assert.equal(authorize.searchParams.get("response_type"), "code");
    assert.equal(authorize.searchParams.get("redirect_uri"), `${server.baseUrl}/realms/${REALM}/broker/corp/endpoint`);
    assert.ok(authorize.searchParams.get("state"));
    assert.ok(authorize.searchParams.get("nonce"));
  });

  test("identity-provider-redirector: a kc_idp_hint naming no usable provider passes over the step, default or not", async () => {
    await flowForClient("hinted", "hint-app");
    const redirector = await addStep("hinted", "identity-provider-redirector", "ALTERNATIVE");
    const config = await api(`${base}/authentication/executions/${redirector}/config`, {
      method: "POST",
      body: { alias: "to corp", config: { defaultProvider: "corp" } },
    });
    assert.equal(config.status, 201, await config.text());
    await addStep("hinted", "auth-username-password-form", "ALTERNATIVE");
    const off = await api(`${base}/identity-provider/instances`, {
      method: "POST",
      body: { alias: "off-corp", providerId: "oidc", enabled: false, config: { clientId: "x" } },
    });
    assert.equal(off.status, 201, await off.text());
    const start = (hint?: string) =>
      get(
        `${authUrl(server.baseUrl, REALM, { clientId: "hint-app", redirectUri: APP })}${hint === undefined ? "" : `&kc_idp_hint=${hint}`}`,
        new CookieJar(),
      );
    const toDefault = await start();
    assert.equal(toDefault.status, 302, "without a hint: the default provider");
    assert.equal(
      new URL(toDefault.headers.get("location")!, server.baseUrl).pathname,
      `/realms/${REALM}/broker/corp/login`,
    );
    for (const hint of ["off-corp", "nowhere", ""]) {
      const page = await start(hint);
      assert.equal(page.status, 200, `kc_idp_hint=${hint}: the login form, not the default provider`);
      assert.match(await page.text(), /kc-form-login/, `kc_idp_hint=${hint}: the login form`);
    }
  });

  test("SSO cookie: a second login in the same browser needs no form", async () => {
    await user("cookie-user");
    const { res, jar } = await signIn("cookie-user");
    codeOf(res);
    const again = await get(authUrl(server.baseUrl, REALM, { clientId: "app", redirectUri: APP }), jar);
    assert.ok(codeOf(again).get("code"));
  });
});

describe("browser login: identity-first with organizations (Keycloak 26.7's organization step)", () => {
  const ORG_REALM = "orgflows";
  const orgBase = `/admin/realms/${ORG_REALM}`;
  let server: TestServer;
  let api: Api;
  let orgConfigId: string;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, ORG_REALM, { organizationsEnabled: true });
    await createClient(api, ORG_REALM, { clientId: "app", publicClient: true, redirectUris: [`${APP}*`] });
    const password = [{ type: "password", value: "password" }];
    const names = { firstName: "Test", lastName: "User" };
    const member = await createUser(api, ORG_REALM, "ann", { ...names, email: "ann@acme.test", credentials: password });
    await createUser(api, ORG_REALM, "outsider", { ...names, email: "outsider@elsewhere.test", credentials: password });
    await createUser(api, ORG_REALM, "ben", { ...names, email: "ben@acme.test", credentials: password });
    const org = await api(`${orgBase}/organizations`, {
      method: "POST",
      body: { name: "Acme", alias: "acme", enabled: true, domains: [{ name: "acme.test" }] },
    });
    assert.equal(org.status, 201, await org.text());
    const orgId = idFromLocation(org);
    assert.equal(
      (await api(`${orgBase}/organizations/${orgId}/members`, { method: "POST", body: member })).status,
      201,
    );
    const idp = {
      alias: "acme-sso",
      providerId: "oidc",
      enabled: true,
      config: {
        authorizationUrl: "http://idp.example/auth",
        tokenUrl: "http://idp.example/token",
        clientId: "broker",
        clientSecret: "secret",
      },
    };
    assert.equal((await api(`${orgBase}/identity-provider/instances`, { method: "POST", body: idp })).status, 201);
    assert.equal(
      (await api(`${orgBase}/organizations/${orgId}/identity-providers`, { method: "POST", body: "acme-sso" })).status,
      204,
    );
    const linked = await json(await api(`${orgBase}/identity-provider/instances/acme-sso`));
    const config = {
      ...linked.config,
      "kc.org.domain": "sso.acme.test",
      "kc.org.broker.redirect.mode.email-matches": "true",
    };
    assert.equal(
      (await api(`${orgBase}/identity-provider/instances/acme-sso`, { method: "PUT", body: { ...linked, config } }))
        .status,
      204,
    );
    await api(`${orgBase}/organizations/${orgId}`, {
      method: "PUT",
      body: {
        id: orgId,
        name: "Acme",
        alias: "acme",
        enabled: true,
        domains: [{ name: "acme.test" }, { name: "sso.acme.test" }],
      },
    });
    const step = (await json<Json[]>(await api(`${orgBase}/authentication/flows/browser/executions`))).find(
      (e) => e.providerId === "organization",
    )!;
    const created = await api(`${orgBase}/authentication/executions/${step.id}/config`, {
      method: "POST",
      body: { alias: "org-membership", config: { requiresUserMembership: "false" } },
    });
    orgConfigId = idFromLocation(created);
  });
  after(async () => server?.dispose());

  const requireMembership = async (on: boolean) => {
    const res = await api(`${orgBase}/authentication/config/${orgConfigId}`, {
      method: "PUT",
      body: { alias: "org-membership", config: { requiresUserMembership: String(on) } },
    });
    assert.equal(res.status, 204);
  };

  /** The first page (username alone) posted with `username`. */
  async function typeUsername(username: string) {
    const jar = new CookieJar();
    const page = await get(authUrl(server.baseUrl, ORG_REALM, { clientId: "app", redirectUri: APP }), jar);
    const html = await page.text();
    assert.equal(page.status, 200, html);
    assert.match(html, /<label for="username">Username or email<\/label>/);
    assert.doesNotMatch(html, /id="password"/, "the first page asks for the username alone");
    const res = await postForm(server.baseUrl, html, "kc-form-login", { username }, jar);
    return { res, jar };
  }

  test("a member types the email, then the password on the next page, and signs in; a wrong one says Invalid password.", async () => {
    const { res, jar } = await typeUsername("ann@acme.test");
    const html = await res.text();
    assert.equal(res.status, 200);
    assert.match(html, /id="kc-attempted-username">ann@acme.test|id="kc-attempted-username">ann/);
    assert.match(html, /<label for="password">Password<\/label>/);
    const wrong = await postForm(server.baseUrl, html, "kc-form-login", { password: "nope" }, jar);
    const wrongHtml = await wrong.text();
    assert.equal(errorText(wrongHtml), "Invalid password.");
    const right = await postForm(server.baseUrl, wrongHtml, "kc-form-login", { password: "password" }, jar);
    assert.equal(right.status, 302);
    assert.ok(new URL(right.headers.get("location")!).searchParams.get("code"));
  });

  test("an unknown name gets the password page too, then Invalid username or password.", async () => {
    const { res, jar } = await typeUsername("nobody@nowhere.test");
    const html = await res.text();
    assert.match(html, /id="kc-attempted-username">nobody@nowhere.test/);
    const refused = await postForm(server.baseUrl, html, "kc-form-login", { password: "password" }, jar);
    assert.equal(errorText(await refused.text()), "Invalid username or password.");
  });

  test("an email of a provider's domain set to redirect goes to that provider; an unknown one of the org's domain is told", async () => {
    const { res } = await typeUsername("new.person@sso.acme.test");
    assert.equal(res.status, 302);
    assert.match(res.headers.get("location") ?? "", /\/realms\/orgflows\/broker\/acme-sso\/login\?/);
    const { res: unknown } = await typeUsername("stranger@acme.test");
    const html = await unknown.text();
    assert.equal(unknown.status, 200);
    assert.equal(errorText(html), "Your email domain matches an organization but you don't have an account yet.");
  });

  test("requiresUserMembership: a user of the org's domain who is not a member is refused; members and others pass", async () => {
    await requireMembership(true);
    try {
      const { res } = await typeUsername("ben@acme.test");
      assert.equal(res.status, 403);
      assert.match(await res.text(), /User is not a member of the organization Acme/);
      const { res: member } = await typeUsername("ann");
      assert.match(await member.text(), /<label for="password">Password<\/label>/);
      const { res: other } = await typeUsername("outsider");
      assert.match(await other.text(), /<label for="password">Password<\/label>/);
    } finally {
      await requireMembership(false);
    }
  });
});
