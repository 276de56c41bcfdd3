import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { realmOnTarget, refusal } from "../support/admin-client.ts";
import { authUrl, CookieJar, get } from "./oidc-flow.ts";

// Runs against the embedded server; with KC_TARGET=keycloak and KC_REAL_URL against that real Keycloak, where these
// expectations were checked (Keycloak 26.7.3): the CONFIGURE_RECOVERY_AUTHN_CODES required action, the credential it
// stores, and the Recovery Authentication Code Form as an alternative to OTP in a copied browser flow.
const REALM = "recovery-codes";
const APP = "http://app.example/cb";
const CODE = /^[A-NP-Z1-9]{4}-[A-NP-Z1-9]{4}-[A-NP-Z1-9]{4}$/;

/** Visible text: tags and comments dropped, entities decoded, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

const heading = (html: string) => text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "");
const codeLabel = (html: string) =>
  text(/<label for="recoveryCodeInput"[^>]*>([\s\S]*?)<\/label>/.exec(html)?.[1] ?? "");
const fieldError = (html: string) =>
  text(/id="input-error(?:-recoveryCodeInput)?"[^>]*>([\s\S]*?)<\/span>/.exec(html)?.[1] ?? "");
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
const listedCodes = (html: string) =>
  [
    ...(/<ol id="kc-recovery-codes-list"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "").matchAll(/<li>([^<]*)<\/li>/g),
  ].map((m) => m[1]!.trim());
const hashOf = (code: string) => createHash("sha512").update(code).digest("base64");

describe("recovery authentication codes (both servers)", () => {
  let kc: KcAdminClient;
  let dispose: () => Promise<void>;
  let base: string;

  before(async () => {
    ({ kc, dispose } = await realmOnTarget(REALM));
    base = kc.baseUrl;
    await kc.realms.update({ realm: REALM }, { eventsEnabled: true });
    await kc.clients.create({ clientId: "app", publicClient: true, redirectUris: [`${APP}*`] });
  });
  after(async () => {
    await dispose?.();
  });

  const createUser = async (username: string, extra: Record<string, unknown> = {}) =>
    (
      await kc.users.create({
        username,
        enabled: true,
        email: `${username}@example.com`,
        firstName: "Rec",
        lastName: "Overy",
        credentials: [{ type: "password", value: "password", temporary: false }],
        ...extra,
      })
    ).id;

  /** A user whose recovery codes credential (imported in Keycloak's stored shape) holds `codes`, numbered from `first`. */
  const userWithCodes = (username: string, codes: string[], first: number, totalCodes: number) =>
    createUser(username, {
      credentials: [
        { type: "password", value: "password", temporary: false },
        {
          type: "recovery-authn-codes",
          userLabel: "Recovery codes",
          secretData: JSON.stringify({
            codes: codes.map((code, i) => ({ number: first + i, encodedHashedValue: hashOf(code) })),
          }),
          credentialData: JSON.stringify({ algorithm: "SHA-512", totalCodes, remainingCodes: codes.length }),
        },
      ],
    });

  /** A browser: GETs and form posts with cookies, following redirects that stay on the server. */
  function browser() {
    const jar = new CookieJar();
    const settle = async (res: Response): Promise<{ status: number; location?: string; html: string }> => {
      let current = res;
      while (current.status === 302 || current.status === 303) {
        const location = new URL(current.headers.get("location")!, base).toString();
        if (!location.startsWith(base)) return { status: current.status, location, html: "" };
        current = await get(location, jar);
      }
      return { status: current.status, html: await current.text() };
    };
    const post = async (html: string, formId: string, fields: Record<string, string>) => {
      const tag = new RegExp(`<form[^>]*id="${formId}"[^>]*>`).exec(html)?.[0];
      assert.ok(tag, `form #${formId} in:\n${html}`);
      const action = new URL(/action="([^"]+)"/.exec(tag)![1]!.replace(/&amp;/g, "&"), base).toString();
      const res = await fetch(action, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
        body: new URLSearchParams(fields),
      });
      jar.store(res);
      return settle(res);
    };
    const signIn = async (username: string) => {
      const page = await settle(await get(authUrl(base, REALM, { clientId: "app", redirectUri: APP }), jar));
      return post(page.html, "kc-form-login", { username, password: "password" });
    };
    return { post, signIn };
  }

  const completeSetup = (b: ReturnType<typeof browser>, html: string) =>
    b.post(html, "kc-recovery-codes-settings-form", {
      generatedRecoveryAuthnCodes: hidden(html, "generatedRecoveryAuthnCodes"),
      generatedAt: hidden(html, "generatedAt"),
      userLabel: hidden(html, "userLabel"),
    });

  const recoveryCredentials = async (id: string) =>
    (await kc.users.getCredentials({ id })).filter((c) => c.type === "recovery-authn-codes");

  test("CONFIGURE_RECOVERY_AUTHN_CODES shows 12 codes once and stores them hashed as Keycloak does", async () => {
    const id = await createUser("setup-user", { requiredActions: ["CONFIGURE_RECOVERY_AUTHN_CODES"] });
    const b = browser();
    const setup = await b.signIn("setup-user");
    assert.equal(setup.status, 200);
    assert.equal(heading(setup.html), "Recovery Authentication Codes");
    const page = text(setup.html);
    for (const words of [
      "You need to set up Backup Codes to activate your account.",
      "These recovery codes won't appear again after leaving this page",
      "Make sure to print, download, or copy them to a password manager and keep them safe.",
      "Print",
      "Download",
      "Copy",
      "I have saved these codes somewhere safe",
      "Sign out from other devices",
    ])
      assert.ok(page.includes(words), `the page says "${words}": ${page}`);
    assert.match(setup.html, /id="saveRecoveryAuthnCodesBtn" value="Complete setup"\s+disabled/);
    const codes = listedCodes(setup.html);
    assert.equal(codes.length, 12, `12 codes listed: ${codes.join(" ")}`);
    for (const code of codes) assert.match(code, CODE);
    assert.equal(hidden(setup.html, "generatedRecoveryAuthnCodes"), codes.map((c) => c.replace(/-/g, "")).join(","));
    assert.equal(hidden(setup.html, "userLabel"), "Recovery codes");

    const forged = await b.post(setup.html, "kc-recovery-codes-settings-form", {
      generatedRecoveryAuthnCodes: "AAAAAAAAAAAA",
      generatedAt: hidden(setup.html, "generatedAt"),
      userLabel: "Recovery codes",
    });
    assert.equal(heading(forged.html), "Recovery Authentication Codes", "codes it did not show are not stored");
    assert.deepEqual(await recoveryCredentials(id), []);

    const done = await completeSetup(b, forged.html);
    assert.ok(done.location?.startsWith(APP), `back at the app: ${done.location} ${done.html}`);
    assert.ok(new URL(done.location!).searchParams.get("code"), "with a code");

    const [credential, ...more] = await recoveryCredentials(id);
    assert.equal(more.length, 0, "one recovery codes credential");
    assert.equal(credential?.userLabel, "Recovery codes");
    assert.equal(credential?.createdDate, Number(hidden(forged.html, "generatedAt")));
    assert.deepEqual(JSON.parse(credential!.credentialData!), {
      algorithm: "SHA-512",
      totalCodes: 12,
      remainingCodes: 12,
    });
    assert.equal(credential?.secretData, undefined, "the hashes stay on the server");
    const account = await kc.users.findOne({ id });
    assert.deepEqual(account?.requiredActions, []);
    assert.deepEqual(account?.disableableCredentialTypes, [], "recovery codes are not a disableable type");

    const [event] = await kc.realms.findEvents({ realm: REALM, type: "UPDATE_CREDENTIAL", user: id });
    assert.equal(event?.details?.credential_type, "recovery-authn-codes", JSON.stringify(event));
    assert.equal(event?.details?.custom_required_action, "CONFIGURE_RECOVERY_AUTHN_CODES");
    assert.equal(event?.details?.username, "setup-user");
    const [loginEvent] = await kc.realms.findEvents({ realm: REALM, type: "LOGIN", user: id });
    const { code_id, ...loginDetails } = loginEvent?.details ?? {};
    assert.ok(code_id, "the LOGIN names its session");
    assert.deepEqual(loginDetails, {
      credential_type: "recovery-authn-codes",
      auth_method: "openid-connect",
      custom_required_action: "CONFIGURE_RECOVERY_AUTHN_CODES",
      response_type: "code",
      redirect_uri: APP,
      remember_me: "false",
      consent: "no_consent_required",
      response_mode: "query",
      username: "setup-user",
    });
  });

  test("the required action's configuration: Warning Threshold, a whole number of 0 or more", async () => {
    const alias = "CONFIGURE_RECOVERY_AUTHN_CODES";
    const description = await kc.authenticationManagement.getRequiredActionConfigDescription({ alias });
    assert.deepEqual(
      description.properties?.map((p) => [p.name, p.label, p.type, p.defaultValue]),
      [
        ["warning_threshold", "Warning Threshold", "Integer", 4],
        ["max_auth_age", "Maximum Age of Authentication", "String", 300],
      ],
    );
    for (const [value, errorMessage, params] of [
      ["many", "error-invalid-value", ["warning_threshold"]],
      ["-1", "error-number-out-of-range-too-small", ["warning_threshold", 0]],
    ] as const) {
      const { status, body } = await refusal(
        kc.authenticationManagement.updateRequiredActionConfig({ alias }, { config: { warning_threshold: value } }),
      );
      assert.equal(status, 400);
      assert.deepEqual(body, { field: "warning_threshold", errorMessage, params });
    }
    await kc.authenticationManagement.updateRequiredActionConfig({ alias }, { config: { warning_threshold: "2" } });
    const saved = await kc.authenticationManagement.getRequiredActionConfig({ alias });
    assert.equal(saved.config?.warning_threshold, "2");
  });

  test("the Recovery Authentication Code Form as an alternative to OTP asks for code #N and takes each code once", async () => {
    await kc.authenticationManagement.copyFlow({ flow: "browser", newName: "browser with recovery codes" });
    const executions = await kc.authenticationManagement.getExecutions({ flow: "browser with recovery codes" });
    const providers = await kc.authenticationManagement.getAuthenticatorProviders();
    assert.deepEqual(
      providers.find((p) => p.id === "auth-recovery-authn-code-form"),
      {
        id: "auth-recovery-authn-code-form",
        displayName: "Recovery Authentication Code Form",
        description: "Validates a Recovery Authentication Code",
      },
    );
    const recovery = executions.find((e) => e.providerId === "auth-recovery-authn-code-form");
    assert.equal(recovery?.displayName, "Recovery Authentication Code Form");
    assert.deepEqual(recovery?.requirementChoices, ["REQUIRED", "ALTERNATIVE", "DISABLED"]);
    const otp = executions.find((e) => e.providerId === "auth-otp-form");
    assert.equal(otp?.requirement, "ALTERNATIVE");
    await kc.authenticationManagement.updateExecution(
      { flow: "browser with recovery codes" },
      { ...recovery, requirement: "ALTERNATIVE" },
    );
    await kc.realms.update({ realm: REALM }, { browserFlow: "browser with recovery codes" });

    const codes = ["AAAABBBBCCCC", "DDDDEEEEFFFF", "GGGGHHHHJJJJ"];
    const id = await userWithCodes("code-user", codes, 1, 3);

    const b = browser();
    const first = await b.signIn("code-user");
    assert.equal(heading(first.html), "Login with a recovery authentication code");
    assert.equal(codeLabel(first.html), "Recovery code #1");
    const wrong = await b.post(first.html, "kc-recovery-code-login-form", { recoveryCodeInput: "ZZZZZZZZZZZZ" });
    assert.equal(fieldError(wrong.html), "Invalid recovery authentication code");
    assert.match(wrong.html, /aria-invalid="true"/);
    const outOfTurn = await b.post(wrong.html, "kc-recovery-code-login-form", { recoveryCodeInput: codes[1]! });
    assert.equal(fieldError(outOfTurn.html), "Invalid recovery authentication code", "only the asked-for code");
    const right = await b.post(outOfTurn.html, "kc-recovery-code-login-form", { recoveryCodeInput: "AAAA-BBBB-CCCC" });
    assert.ok(right.location?.startsWith(APP), `signed in with the dashed code: ${right.html}`);

    const [credential] = await recoveryCredentials(id);
    assert.deepEqual(JSON.parse(credential!.credentialData!), {
      algorithm: "SHA-512",
      totalCodes: 3,
      remainingCodes: 2,
    });
    const errors = await kc.realms.findEvents({ realm: REALM, type: "LOGIN_ERROR", user: id });
    assert.equal(errors.length, 2, "two refused codes");
    for (const event of errors) {
      assert.equal(event.error, "invalid_user_credentials");
      assert.equal(event.details?.credential_type, "recovery-authn-codes");
    }
    const [login] = await kc.realms.findEvents({ realm: REALM, type: "LOGIN", user: id });
    assert.equal(login?.details?.credential_type, "recovery-authn-codes");

    const again = browser();
    const second = await again.signIn("code-user");
    assert.equal(codeLabel(second.html), "Recovery code #2");
    const reused = await again.post(second.html, "kc-recovery-code-login-form", { recoveryCodeInput: codes[0]! });
    assert.equal(fieldError(reused.html), "Invalid recovery authentication code", "a used code is not taken again");
  });

  test("Try Another Way: from OTP to the select-authenticator page, then a recovery code", async () => {
    const id = await createUser("two-ways", {
      credentials: [
        { type: "password", value: "password", temporary: false },
        {
          type: "otp",
          userLabel: "Phone",
          secretData: JSON.stringify({ value: "12345678901234567890" }),
          credentialData: JSON.stringify({ subType: "totp", digits: 6, counter: 0, period: 30, algorithm: "HmacSHA1" }),
        },
        {
          type: "recovery-authn-codes",
          userLabel: "Recovery codes",
          secretData: JSON.stringify({
            codes: ["TWOWAYSCODE1", "TWOWAYSCODE2"].map((code, i) => ({
              number: i + 1,
              encodedHashedValue: hashOf(code),
            })),
          }),
          credentialData: JSON.stringify({ algorithm: "SHA-512", totalCodes: 2, remainingCodes: 2 }),
        },
      ],
    });
    const b = browser();
    const otpPage = await b.signIn("two-ways");
    assert.match(otpPage.html, /id="kc-otp-login-form"/, "OTP first");
    assert.ok(text(otpPage.html).includes("Try Another Way"), `the OTP page offers another way: ${text(otpPage.html)}`);
    const select = await b.post(otpPage.html, "kc-select-try-another-way-form", { tryAnotherWay: "on" });
    assert.equal(heading(select.html), "Select login method");
    const choices = text(select.html);
    for (const words of [
      "Authenticator Application",
      "Enter a verification code from authenticator application.",
      "Recovery Authentication Code",
      "Enter a recovery authentication code from a previously generated list.",
    ])
      assert.ok(choices.includes(words), `the page lists "${words}": ${choices}`);
    const executions = [...select.html.matchAll(/name="authenticationExecution" value="([^"]+)"/g)].map((m) => m[1]!);
    assert.equal(executions.length, 2, "two choices, OTP then recovery codes");
    const chosenForm = new RegExp(`<form[^>]*id="([^"]+)"[^>]*>\\s*<input[^>]*value="${executions[1]}"`).exec(
      select.html,
    );
    const codePage = await b.post(select.html, chosenForm![1]!, { authenticationExecution: executions[1]! });
    assert.equal(codeLabel(codePage.html), "Recovery code #1");
    assert.ok(text(codePage.html).includes("Try Another Way"), "the code page offers the way back");
    const done = await b.post(codePage.html, "kc-recovery-code-login-form", { recoveryCodeInput: "TWOWAYSCODE1" });
    assert.ok(done.location?.startsWith(APP), `signed in with the code: ${done.html}`);
    const [login] = await kc.realms.findEvents({ realm: REALM, type: "LOGIN", user: id });
    assert.equal(login?.details?.credential_type, "recovery-authn-codes");
  });

  test("the last code removes the credential and asks for new codes before the login ends", async () => {
    const id = await userWithCodes("last-code-user", ["LASTCODE1234"], 12, 12);
    const b = browser();
    const page = await b.signIn("last-code-user");
    assert.equal(codeLabel(page.html), "Recovery code #12");
    const setup = await b.post(page.html, "kc-recovery-code-login-form", { recoveryCodeInput: "LASTCODE1234" });
    assert.equal(heading(setup.html), "Recovery Authentication Codes");
    assert.deepEqual(await recoveryCredentials(id), [], "the used-up credential is gone");
    assert.deepEqual((await kc.users.findOne({ id }))?.requiredActions, ["CONFIGURE_RECOVERY_AUTHN_CODES"]);
    const done = await completeSetup(b, setup.html);
    assert.ok(done.location?.startsWith(APP), `signed in after the new codes: ${done.html}`);
    const [fresh] = await recoveryCredentials(id);
    assert.equal(JSON.parse(fresh!.credentialData!).remainingCodes, 12);
    assert.deepEqual((await kc.users.findOne({ id }))?.requiredActions, []);
  });

  test("'Sign out from other devices' on the setup page ends the user's other sessions", async () => {
    const id = await createUser("two-devices");
    const phone = await browser().signIn("two-devices");
    assert.ok(phone.location?.startsWith(APP), "signed in on a first device");
    await kc.users.update({ id }, { requiredActions: ["CONFIGURE_RECOVERY_AUTHN_CODES"] });
    const laptop = browser();
    const setup = await laptop.signIn("two-devices");
    const done = await laptop.post(setup.html, "kc-recovery-codes-settings-form", {
      generatedRecoveryAuthnCodes: hidden(setup.html, "generatedRecoveryAuthnCodes"),
      generatedAt: hidden(setup.html, "generatedAt"),
      userLabel: hidden(setup.html, "userLabel"),
      "logout-sessions": "on",
    });
    assert.ok(done.location?.startsWith(APP), `signed in: ${done.html}`);
    const sessions = await kc.users.listSessions({ id });
    assert.equal(sessions.length, 1, "only this device's session is left");
  });
});
