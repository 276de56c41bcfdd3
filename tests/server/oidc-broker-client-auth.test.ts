import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createSecretKey, generateKeyPairSync } from "node:crypto";
import { SignJWT } from "jose";
import type { TestServer } from "../support/server.ts";
import {
  type Api,
  createClient,
  createRealm,
  createUser,
  json,
  type Json,
  startAdminServer,
} from "../support/admin-api.ts";
import { authUrl, CookieJar, get, submitLogin } from "./oidc-flow.ts";
import { follow } from "./login-forms.ts";
import { RealmCookies } from "./broker-partner.ts";

const HOME = "cauth-home";
const PARTNER = "cauth-partner";
const REDIRECT = "http://127.0.0.1:1/callback";
const UNEXPECTED = "Unexpected error when authenticating with identity provider";
const decode = (text: string) => text.replace(/&amp;/g, "&");

/**
 * The OIDC broker's client authentication to the external provider (a second realm of the embedded server, which
 * checks every method itself), PKCE, signature validation with a pasted key, and Keycloak's refusals at save.
 */
describe("OIDC broker: client authentication, PKCE, signature keys and forwarded parameters", () => {
  let server: TestServer;
  let api: Api;
  let discovered: Record<string, string>;
  let partnerPublicKey: string;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, HOME, { eventsEnabled: true });
    await createRealm(api, PARTNER);
    await createClient(api, HOME, { clientId: "app", publicClient: true, redirectUris: [REDIRECT] });
    discovered = await json<Record<string, string>>(
      await api(`/admin/realms/${HOME}/identity-provider/import-config`, {
        method: "POST",
        body: {
          providerId: "keycloak-oidc",
          fromUrl: `${server.baseUrl}/realms/${PARTNER}/.well-known/openid-configuration`,
        },
      }),
    );
    const keys = await json(await api(`/admin/realms/${PARTNER}/keys`));
    partnerPublicKey = keys.keys.find((k: Json) => k.algorithm === "RS256" && k.status === "ACTIVE").publicKey;
  });
  after(async () => server?.dispose());

  const brokerRedirect = () => [`${server.baseUrl}/realms/${HOME}/broker/*`];

  async function addProvider(alias: string, config: Record<string, string>) {
    const res = await api(`/admin/realms/${HOME}/identity-provider/instances`, {
      method: "POST",
      body: { alias, providerId: "keycloak-oidc", config: { ...discovered, ...config } },
    });
    assert.equal(res.status, 201, await res.clone().text());
  }

  async function partnerUser(username: string) {
    await createUser(api, PARTNER, username, {
      email: `${username}@partner.test`,
      firstName: "Pat",
      lastName: "Partner",
      credentials: [{ type: "password", value: `${username}-pass` }],
    });
  }

  /** Home login page → the provider's button (followed with the browser's `headers`) → the partner's URL. */
  async function toProvider(
    alias: string,
    clientParams: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) {
    const jar = new CookieJar();
    const extra = new URLSearchParams(clientParams).toString();
    const home = authUrl(server.baseUrl, HOME, { clientId: "app", redirectUri: REDIRECT });
    const login = await get(extra ? `${home}&${extra}` : home, jar);
    const href = new RegExp(`href="([^"]*/broker/${alias}/login[^"]*)"`).exec(await login.text())?.[1];
    assert.ok(href, `the button of ${alias}`);
    const button = new URL(decode(href), server.baseUrl);
    const cookie = [jar.header(), headers.cookie].filter(Boolean).join("; ");
    const start = await fetch(button, { redirect: "manual", headers: { ...headers, cookie } });
    jar.store(start);
    assert.equal(start.status, 303);
    return { jar, authorize: new URL(start.headers.get("location")!) };
  }

  /** Home login page → the provider's button → the partner's answer (its login page, or a redirect back). */
  async function toPartner(alias: string, clientParams: Record<string, string> = {}) {
    const { jar, authorize } = await toProvider(alias, clientParams);
    return { jar, authorize, partner: await get(authorize.toString(), jar) };
  }

  /** Signs in at the partner as `username` and returns the home server's final answer. */
  async function signIn(alias: string, username: string) {
    const { jar, partner } = await toPartner(alias);
    assert.equal(partner.status, 200);
    const back = await submitLogin(server.baseUrl, await partner.text(), jar, username, `${username}-pass`);
    assert.equal(back.status, 302, await back.clone().text());
    return follow(back, server.baseUrl, jar);
  }

  const landsOnApp = (res: Response) => {
    assert.equal(res.status, 302, `expected the redirect to the app, got ${res.status}`);
    const location = new URL(res.headers.get("location")!);
    assert.equal(`${location.origin}${location.pathname}`, REDIRECT);
    assert.ok(location.searchParams.get("code"));
  };

  async function linkedUsers(alias: string) {
    const users = await json<Json[]>(await api(`/admin/realms/${HOME}/users?idpAlias=${alias}`));
    return users.map((u) => u.username);
  }

  it("client_secret_jwt: the partner's client-secret-jwt client accepts the HS256 assertion", async () => {
    await createClient(api, PARTNER, {
      clientId: "broker-hs",
      publicClient: false,
      clientAuthenticatorType: "client-secret-jwt",
      secret: "a-long-enough-shared-secret-for-hmac-256-signing",
      redirectUris: brokerRedirect(),
    });
    await addProvider("hs", {
      clientId: "broker-hs",
      clientSecret: "a-long-enough-shared-secret-for-hmac-256-signing",
      clientAuthMethod: "client_secret_jwt",
    });
    await partnerUser("hana");
    landsOnApp(await signIn("hs", "hana"));
    assert.deepEqual(await linkedUsers("hs"), ["hana"]);
  });

  it("the token endpoint checks a client assertion's audience and refuses a reused one, as Keycloak does", async () => {
    const tokenUrl = `${server.baseUrl}/realms/${PARTNER}/protocol/openid-connect/token`;
    const secret = createSecretKey(Buffer.from("a-long-enough-shared-secret-for-hmac-256-signing"));
    const assertion = (audience: string, jti: string) =>
      new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("broker-hs")
        .setSubject("broker-hs")
        .setAudience(audience)
        .setJti(jti)
        .setIssuedAt()
        .setExpirationTime("1m")
        .sign(secret);
    const post = async (clientAssertion: string) => {
      const res = await fetch(tokenUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: "no-such-code",
          redirect_uri: `${server.baseUrl}/realms/${HOME}/broker/hs/endpoint`,
          client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
          client_assertion: clientAssertion,
        }),
      });
      return { status: res.status, body: (await res.json()) as Json };
    };
    const once = await assertion(tokenUrl, "first");
    const accepted = await post(once);
    assert.equal(accepted.body.error, "invalid_grant", "the client was authenticated; only the code is wrong");
    assert.deepEqual(await post(once), {
      status: 400,
      body: { error: "invalid_client", error_description: "Token reuse detected" },
    });
    assert.deepEqual(await post(await assertion("https://elsewhere.test/token", "second")), {
      status: 400,
      body: { error: "invalid_client", error_description: "Invalid token audience" },
    });
  });

  it("client_secret_jwt with a wrong secret: the partner refuses the assertion and the sign-in fails", async () => {
    await addProvider("hs-wrong", {
      clientId: "broker-hs",
      clientSecret: "not-the-secret-the-partner-holds-for-this-client",
      clientAuthMethod: "client_secret_jwt",
    });
    await partnerUser("hugo");
    const before = await json<Json[]>(await api(`/admin/realms/${HOME}/events?type=IDENTITY_PROVIDER_LOGIN_ERROR`));
    const res = await signIn("hs-wrong", "hugo");
    // Keycloak 26.7.3 answers a refused code exchange with 502 and records the client and the login's code_id only
    assert.equal(res.status, 502);
    assert.match(await res.text(), new RegExp(UNEXPECTED));
    assert.deepEqual(await linkedUsers("hs-wrong"), []);
    const events = await json<Json[]>(await api(`/admin/realms/${HOME}/events?type=IDENTITY_PROVIDER_LOGIN_ERROR`));
    assert.equal(events.length, before.length + 1);
    const [event] = events;
    assert.equal(event.error, "identity_provider_login_failure");
    assert.equal(event.clientId, "app");
    assert.deepEqual(Object.keys(event.details ?? {}), ["code_id"]);
  });

  it("private_key_jwt: signed with the home realm's key, checked by the partner through the home realm's JWKS", async () => {
    await createClient(api, PARTNER, {
      clientId: "broker-pk",
      publicClient: false,
      clientAuthenticatorType: "client-jwt",
      attributes: {
        "use.jwks.url": "true",
        "jwks.url": `${server.baseUrl}/realms/${HOME}/protocol/openid-connect/certs`,
      },
      redirectUris: brokerRedirect(),
    });
    await addProvider("pk", {
      clientId: "broker-pk",
      clientAuthMethod: "private_key_jwt",
      clientAssertionSigningAlg: "RS256",
      clientAssertionAudience: `${server.baseUrl}/realms/${PARTNER}`,
      jwtX509HeadersEnabled: "false",
    });
    await partnerUser("piet");
    landsOnApp(await signIn("pk", "piet"));
    assert.deepEqual(await linkedUsers("pk"), ["piet"]);
  });

  it("private_key_jwt against a partner that trusts another key: refused", async () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const jwk = other.publicKey.export({ format: "jwk" });
    const jwksServer = await import("node:http").then(({ createServer }) =>
      createServer((_req, res) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ keys: [{ ...jwk, kid: "other", use: "sig", alg: "RS256" }] }));
      }),
    );
    await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
    try {
      const port = (jwksServer.address() as { port: number }).port;
      await createClient(api, PARTNER, {
        clientId: "broker-pk-other",
        publicClient: false,
        clientAuthenticatorType: "client-jwt",
        attributes: { "use.jwks.url": "true", "jwks.url": `http://127.0.0.1:${port}/jwks` },
        redirectUris: brokerRedirect(),
      });
      await addProvider("pk-other", { clientId: "broker-pk-other", clientAuthMethod: "private_key_jwt" });
      await partnerUser("paula");
      const res = await signIn("pk-other", "paula");
      assert.equal(res.status, 502, "the partner's token endpoint refused the client assertion");
      assert.deepEqual(await linkedUsers("pk-other"), []);
    } finally {
      jwksServer.close();
    }
  });

  it("PKCE: the challenge is sent with the chosen method and the verifier redeems the code", async () => {
    await createClient(api, PARTNER, {
      clientId: "broker-pkce",
      publicClient: false,
      secret: "pkce-secret",
      attributes: { "pkce.code.challenge.method": "S256" },
      redirectUris: brokerRedirect(),
    });
    const common = { clientId: "broker-pkce", clientSecret: "pkce-secret", clientAuthMethod: "client_secret_basic" };
    await addProvider("pkce-s256", { ...common, pkceEnabled: "true", pkceMethod: "S256" });
    await addProvider("pkce-off", { ...common, pkceEnabled: "false" });
    await partnerUser("sofia");
    const { authorize } = await toPartner("pkce-s256");
    assert.equal(authorize.searchParams.get("code_challenge_method"), "S256");
    assert.match(authorize.searchParams.get("code_challenge") ?? "", /^[A-Za-z0-9_-]{43}$/);
    landsOnApp(await signIn("pkce-s256", "sofia"));
    // without PKCE the partner (which requires S256) refuses the authorization request itself
    const { partner, jar } = await toPartner("pkce-off");
    assert.equal(partner.status, 302);
    const back = await follow(partner, server.baseUrl, jar);
    assert.equal(back.status, 400);
    assert.match(await back.text(), new RegExp(UNEXPECTED));
  });

  it("validating signatures with a pasted public key: the partner's key signs in, another key fails", async () => {
    await createClient(api, PARTNER, {
      clientId: "broker-pasted",
      publicClient: false,
      secret: "pasted-secret",
      redirectUris: brokerRedirect(),
    });
    const common = {
      clientId: "broker-pasted",
      clientSecret: "pasted-secret",
      validateSignature: "true",
      useJwksUrl: "false",
      jwksUrl: "",
    };
    await addProvider("pasted", {
      ...common,
      publicKeySignatureVerifier: `-----BEGIN PUBLIC KEY-----\n${partnerPublicKey}\n-----END PUBLIC KEY-----`,
    });
    const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({
      format: "pem",
      type: "spki",
    });
    await addProvider("pasted-wrong", { ...common, publicKeySignatureVerifier: String(stranger) });
    await partnerUser("quinn");
    await partnerUser("rosa");
    landsOnApp(await signIn("pasted", "quinn"));
    const refused = await signIn("pasted-wrong", "rosa");
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), new RegExp(UNEXPECTED));
    assert.deepEqual(await linkedUsers("pasted-wrong"), []);
  });

  const forwardingClient = {
    clientId: "broker-fwd",
    clientSecret: "fwd-secret",
    clientAuthMethod: "client_secret_post",
  };

  it("passes the client's prompt, max_age, login_hint and acr_values on as the provider's switches say", async () => {
    await createClient(api, PARTNER, {
      clientId: "broker-fwd",
      publicClient: false,
      secret: "fwd-secret",
      redirectUris: brokerRedirect(),
    });
    await addProvider("fwd-client", { ...forwardingClient, loginHint: "true", passMaxAge: "true" });
    await addProvider("fwd-own", { ...forwardingClient, prompt: "consent", forwardParameters: "audience_hint" });
    const client = { prompt: "login", max_age: "60", login_hint: "nico", acr_values: "gold", audience_hint: "ops" };
    const names = ["prompt", "max_age", "login_hint", "acr_values", "audience_hint"];
    const sent = (url: URL) =>
      Object.fromEntries(
        names.flatMap((n) => (url.searchParams.has(n) ? [[n, url.searchParams.getAll(n).join()]] : [])),
      );
    const { authorize: passed, partner } = await toPartner("fwd-client", client);
    assert.deepEqual(sent(passed), { prompt: "login", max_age: "60", login_hint: "nico", acr_values: "gold" });
    assert.equal(partner.status, 200, "the partner takes the request and shows its login page");
    const { authorize: own } = await toPartner("fwd-own", client);
    assert.deepEqual(
      sent(own),
      { prompt: "consent", audience_hint: "ops" },
      "the provider's own prompt wins; its forwarded parameters replace acr_values; the switches are off",
    );
  });

  it("Pass current locale sends the login's locale as ui_locales, resolved as Keycloak resolves it", async () => {
    await addProvider("fwd-locale", { ...forwardingClient, uiLocales: "true" });
    await addProvider("no-locale", forwardingClient);
    const sent = async (
      clientParams: Record<string, string> = {},
      headers: Record<string, string> = {},
      alias = "fwd-locale",
    ) => (await toProvider(alias, clientParams, headers)).authorize.searchParams.get("ui_locales");
    assert.equal(await sent({ ui_locales: "de" }), "en", "a realm without internationalization logs in in English");
    assert.equal(await sent({}, {}, "no-locale"), null, "the switch off: none sent");

    const i18n = (settings: Json) => api(`/admin/realms/${HOME}`, { method: "PUT", body: settings });
    await i18n({ internationalizationEnabled: true, supportedLocales: ["en", "de", "fr-CA"], defaultLocale: "fr-CA" });
    try {
      assert.equal(await sent(), "fr-CA", "nothing asked: the realm's default locale");
      assert.equal(await sent({ ui_locales: "xx de-AT" }), "de", "the client's first supported ui_locales");
      assert.equal(
        await sent({ ui_locales: "DE" }, { cookie: "KEYCLOAK_LOCALE=en" }),
        "de",
        "ui_locales before the cookie",
      );
      assert.equal(await sent({}, { cookie: "KEYCLOAK_LOCALE=de", "accept-language": "en" }), "de", "the cookie");
      assert.equal(await sent({}, { "accept-language": "en-GB;q=0.5, de-CH;q=0.9" }), "de", "Accept-Language by q");
      assert.equal(await sent({ ui_locales: "fr-FR" }, { "accept-language": "en-US" }), "en", "fr-FR is not fr-CA");
    } finally {
      await i18n({ internationalizationEnabled: false });
    }
  });

  const passive = (alias: string) =>
    `${authUrl(server.baseUrl, HOME, { clientId: "app", redirectUri: REDIRECT, prompt: "none", state: "s1" })}&kc_idp_hint=${alias}`;

  /** Follows the redirects through both realms up to the app; every URL on the way. */
  async function followToApp(cookies: RealmCookies, url: string) {
    const visited = [url];
    let res = await cookies.get(url);
    while (res.status === 302 || res.status === 303) {
      const next = new URL(res.headers.get("location")!, server.baseUrl).toString();
      visited.push(next);
      if (next.startsWith(REDIRECT)) return { app: new URL(next), visited };
      res = await cookies.get(next);
    }
    assert.fail(`stopped at ${visited.at(-1)} with ${res.status}: ${await res.text()}`);
  }

  /** Signs in at the partner realm only, through the forwarding client (the browser then has its session). */
  async function signInAtPartner(cookies: RealmCookies, username: string) {
    const partnerLogin = authUrl(server.baseUrl, PARTNER, {
      clientId: "broker-fwd",
      redirectUri: `${server.baseUrl}/realms/${HOME}/broker/fwd-none/endpoint`,
    });
    const page = await cookies.get(partnerLogin);
    const html = await page.text();
    const signedIn = await submitLogin(server.baseUrl, html, cookies.for(partnerLogin), username, `${username}-pass`);
    assert.equal(signedIn.status, 302);
  }

  it("prompt=none with kc_idp_hint goes on to a provider that accepts it, and its answer comes back to the client", async () => {
    await addProvider("fwd-none", { ...forwardingClient, acceptsPromptNoneForwardFromClient: "true" });
    await addProvider("no-fwd", forwardingClient);
    await partnerUser("nico");
    const cookies = new RealmCookies();
    const toApp = (url: string) => followToApp(cookies, url);
    const refused = await toApp(passive("no-fwd"));
    assert.equal(refused.visited.length, 2, "a provider that does not accept it: no redirect to it");
    assert.equal(refused.app.searchParams.get("error"), "login_required");

    const forwarded = await toApp(passive("fwd-none"));
    const atPartner = forwarded.visited.map((u) => new URL(u)).find((u) => u.pathname.includes(`/realms/${PARTNER}/`));
    assert.equal(atPartner?.searchParams.get("prompt"), "none", "the partner got prompt=none");
    assert.equal(forwarded.app.searchParams.get("error"), "login_required", "the partner's answer, passed on");
    assert.equal(forwarded.app.searchParams.get("state"), "s1");

    // signed in at the partner only: the same request now signs in at home without showing a page
    await signInAtPartner(cookies, "nico");
    const silent = await toApp(passive("fwd-none"));
    assert.ok(silent.app.searchParams.get("code"), silent.app.toString());
    assert.deepEqual(await linkedUsers("fwd-none"), ["nico"]);
  });

  it("a forwarded prompt=none: only through the browser flow's redirector, and a page it would need is interaction_required", async () => {
    await partnerUser("ines");
    // an account of the home realm with ines's email, owing a required action
    const homeId = await createUser(api, HOME, "ines-home", {
      email: "ines@partner.test",
      requiredActions: ["UPDATE_PASSWORD"],
    });
    const cookies = new RealmCookies();
    await signInAtPartner(cookies, "ines");
    const confirm = await followToApp(cookies, passive("fwd-none"));
    assert.ok(
      confirm.visited.some((u) => u.includes(`/realms/${PARTNER}/`)),
      "forwarded to the partner",
    );
    assert.equal(
      confirm.app.searchParams.get("error"),
      "interaction_required",
      "the email is taken: the first login's confirm-link page would be needed",
    );
    assert.equal(confirm.app.searchParams.get("state"), "s1");
    assert.deepEqual(await linkedUsers("fwd-none"), ["nico"], "nothing linked");

    // linked to that account, which owes a required action: that page is not shown either
    const partnerId = (await json<Json[]>(await api(`/admin/realms/${PARTNER}/users?username=ines&exact=true`)))[0].id;
    const linked = await api(`/admin/realms/${HOME}/users/${homeId}/federated-identity/fwd-none`, {
      method: "POST",
      body: { identityProvider: "fwd-none", userId: partnerId, userName: "ines" },
    });
    assert.equal(linked.status, 204);
    const action = await followToApp(cookies, passive("fwd-none"));
    assert.equal(action.app.searchParams.get("error"), "interaction_required", "a required action");

    // the browser flow without its identity-provider redirector: nothing is forwarded
    const executions = `/admin/realms/${HOME}/authentication/flows/browser/executions`;
    const redirector = (await json<Json[]>(await api(executions))).find(
      (e) => e.providerId === "identity-provider-redirector",
    )!;
    const setRequirement = async (requirement: string) =>
      assert.equal((await api(executions, { method: "PUT", body: { ...redirector, requirement } })).status, 204);
    await setRequirement("DISABLED");
    try {
      const withoutRedirector = await followToApp(cookies, passive("fwd-none"));
      assert.equal(withoutRedirector.visited.length, 2, "not sent to the partner");
      assert.equal(withoutRedirector.app.searchParams.get("error"), "login_required");
    } finally {
      await setRequirement(redirector.requirement);
    }
  });

  it("refuses at save what Keycloak refuses, with its messages, and stores nothing", async () => {
    const refusal = async (config: Record<string, string>) => {
      const res = await api(`/admin/realms/${HOME}/identity-provider/instances`, {
        method: "POST",
        body: { alias: "refused", providerId: "oidc", config: { ...discovered, clientId: "x", ...config } },
      });
      assert.equal(res.status, 400);
      return ((await res.json()) as Json).errorMessage;
    };
    assert.equal(
      await refusal({ validateSignature: "true", useJwksUrl: "false" }),
      "The 'Validating public key' is required when 'Validate signatures' enabled and 'Use JWKS URL' disabled",
    );
    const { jwksUrl: _jwks, ...withoutJwks } = discovered;
    const res = await api(`/admin/realms/${HOME}/identity-provider/instances`, {
      method: "POST",
      body: {
        alias: "refused",
        providerId: "oidc",
        config: { ...withoutJwks, clientId: "x", validateSignature: "true", useJwksUrl: "true" },
      },
    });
    assert.equal(res.status, 400);
    assert.equal(
      ((await res.json()) as Json).errorMessage,
      "JWKS URL is required when 'Validate signatures' enabled and 'Use JWKS URL' enabled",
    );
    assert.equal(await refusal({ pkceEnabled: "true", pkceMethod: "S512" }), "PKCE Method not supported: S512");
    assert.equal(await refusal({ jwksUrl: "javascript:alert(1)" }), "The url [jwks_url] is malformed");
    const missing = await api(`/admin/realms/${HOME}/identity-provider/instances/refused`);
    assert.equal(missing.status, 404);
    // an update is checked the same way
    const update = await api(`/admin/realms/${HOME}/identity-provider/instances/pasted`, {
      method: "PUT",
      body: {
        alias: "pasted",
        providerId: "keycloak-oidc",
        config: { ...discovered, clientId: "broker-pasted", validateSignature: "true", useJwksUrl: "false" },
      },
    });
    assert.equal(update.status, 400);
  });
});
