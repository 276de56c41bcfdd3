import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { type Api, createClient, createUser, json, type Json } from "../support/admin-api.ts";
import {
  brokeringTarget,
  createPartnerBroker,
  RealmCookies,
  signInThroughPartner,
  type Target,
} from "./broker-partner.ts";
import { postForm } from "./login-forms.ts";
import { authUrl, submitLogin } from "./oidc-flow.ts";

// Runs on the embedded server, or on a real Keycloak with KC_TARGET=keycloak KC_REAL_URL=...: the pages and events
// asserted here were measured on Keycloak 26.7.3.
const HOME = "bev-home";
const PARTNER = "bev-partner";
const ALIAS = "bev-partner";
const REDIRECT = "http://127.0.0.1:1/callback";
const SIGN_IN = { home: HOME, alias: ALIAS, clientId: "app", redirectUri: REDIRECT };

/** The message of an error page, in our markup or Keycloak's (`#kc-error-message` or the paragraph inside it). */
const errorPageMessage = (html: string) =>
  /id="kc-error-message"[^>]*>\s*(?:<p[^>]*>)?([^<]+)</.exec(html)?.[1]?.trim();

/** The broker's details every event of a brokered login carries (the provider's session differs per login). */
const BROKER = { identity_provider: ALIAS, auth_method: "openid-connect", redirect_uri: REDIRECT };

describe("brokering events and refusals", () => {
  let target: Target;
  let api: Api;
  let dispose: () => Promise<void>;

  before(async () => {
    ({ target, api, dispose } = await brokeringTarget([HOME, PARTNER]));
    await createPartnerBroker(target, api, {
      home: HOME,
      partner: PARTNER,
      alias: ALIAS,
      homeRealm: { eventsEnabled: true },
    });
    await createClient(api, HOME, { clientId: "app", publicClient: true, redirectUris: [REDIRECT] });
  });
  after(async () => dispose?.());

  /** The home realm's events after the first `skip`, oldest first. */
  const eventsAfter = async (skip: number) =>
    (await json<Json[]>(await api(`/admin/realms/${HOME}/events?max=200`))).reverse().slice(skip);
  const eventCount = async () => (await eventsAfter(0)).length;

  /** Follows the home realm's redirects until a page, or the redirect back to the app. */
  async function walk(cookies: RealmCookies, res: Response): Promise<Response> {
    let next = res;
    while (next.status === 302 && !next.headers.get("location")!.startsWith(REDIRECT))
      next = await cookies.get(new URL(next.headers.get("location")!, target.baseUrl).toString());
    return next;
  }

  async function partnerUser(username: string) {
    await createUser(api, PARTNER, username, {
      email: `${username}@partner.test`,
      firstName: "Partner",
      lastName: "User",
      credentials: [{ type: "password", value: `${username}-pass` }],
    });
  }

  async function requiredFlow(alias: string, provider: string) {
    const flows = `/admin/realms/${HOME}/authentication/flows`;
    const body = { alias, providerId: "basic-flow", topLevel: true, builtIn: false };
    assert.equal((await api(flows, { method: "POST", body })).status, 201);
    const executions = `${flows}/${encodeURIComponent(alias)}/executions`;
    assert.equal((await api(`${executions}/execution`, { method: "POST", body: { provider } })).status, 201);
    for (const execution of await json<Json[]>(await api(executions)))
      assert.equal(
        (await api(executions, { method: "PUT", body: { ...execution, requirement: "REQUIRED" } })).status,
        204,
      );
  }

  async function setProvider(changes: Json) {
    const path = `/admin/realms/${HOME}/identity-provider/instances/${ALIAS}`;
    const provider = await json(await api(path));
    assert.equal((await api(path, { method: "PUT", body: { ...provider, ...changes } })).status, 204);
  }

  async function reviewMode(mode: string) {
    const flow = `/admin/realms/${HOME}/authentication/flows/${encodeURIComponent("first broker login")}/executions`;
    const review = (await json<Json[]>(await api(flow))).find((e) => e.providerId === "idp-review-profile");
    const path = `/admin/realms/${HOME}/authentication/config/${review!.authenticationConfig}`;
    const config = await json(await api(path));
    const body = { ...config, config: { ...config.config, "update.profile.on.first.login": mode } };
    assert.equal((await api(path, { method: "PUT", body })).status, 204);
  }

  it("a state the broker never issued: 400 'Invalid Request' and IDENTITY_PROVIDER_LOGIN_ERROR invalidRequestMessage", async () => {
    const seen = await eventCount();
    const endpoint = `${target.baseUrl}/realms/${HOME}/broker/${ALIAS}/endpoint`;
    const res = await fetch(`${endpoint}?state=garbage&code=x`, { redirect: "manual" });
    assert.equal(res.status, 400);
    const html = await res.text();
    assert.match(html, /We are sorry\.\.\./);
    assert.equal(errorPageMessage(html), "Invalid Request");
    const events = await eventsAfter(seen);
    assert.deepEqual(
      events.map((e) => [e.type, e.error, e.clientId, e.userId, e.details]),
      [["IDENTITY_PROVIDER_LOGIN_ERROR", "invalidRequestMessage", undefined, undefined, undefined]],
    );
  });

  it("a state already used: a signed-in browser goes back to the app with authentication_expired, another gets a page", async () => {
    await partnerUser("replay");
    const cookies = new RealmCookies();
    const login = await cookies.get(authUrl(target.baseUrl, HOME, SIGN_IN));
    const href = new RegExp(`href="([^"]*/broker/${ALIAS}/login[^"]*)"`).exec(await login.text())?.[1];
    const toPartner = await cookies.get(new URL(href!.replace(/&amp;/g, "&"), target.baseUrl).toString());
    const partnerUrl = toPartner.headers.get("location")!;
    const partnerPage = await cookies.get(partnerUrl);
    const partnerJar = cookies.for(partnerUrl);
    const fromPartner = await submitLogin(
      target.baseUrl,
      await partnerPage.text(),
      partnerJar,
      "replay",
      "replay-pass",
    );
    const callback = new URL(fromPartner.headers.get("location")!, target.baseUrl).toString();
    const signedIn = await walk(cookies, await cookies.get(callback));
    assert.ok(new URL(signedIn.headers.get("location")!).searchParams.get("code"), "signed in to the app");

    let seen = await eventCount();
    const again = await cookies.get(callback);
    assert.equal(again.status, 302);
    const back = new URL(again.headers.get("location")!);
    assert.equal(`${back.origin}${back.pathname}`, REDIRECT);
    assert.deepEqual(
      [back.searchParams.get("error"), back.searchParams.get("error_description"), back.searchParams.get("code")],
      ["temporarily_unavailable", "authentication_expired", null],
    );
    assert.deepEqual(
      (await eventsAfter(seen)).map((e) => [e.type, e.error, e.clientId, e.userId, e.details]),
      [
        [
          "IDENTITY_PROVIDER_LOGIN_ERROR",
          "already_logged_in",
          "app",
          undefined,
          { response_type: "code", redirect_uri: REDIRECT, redirected_to_client: "true", response_mode: "query" },
        ],
      ],
    );

    seen = await eventCount();
    const elsewhere = await fetch(callback, { redirect: "manual" });
    assert.equal(elsewhere.status, 400);
    assert.equal(
      errorPageMessage(await elsewhere.text()),
      "Restart login cookie not found. It may have expired; it may have been deleted or cookies are disabled in your " +
        "browser. If cookies are disabled then enable them. Click Back to Application to login again.",
    );
    assert.deepEqual(
      (await eventsAfter(seen)).map((e) => [e.type, e.error, e.clientId, e.userId, e.details]),
      [["IDENTITY_PROVIDER_LOGIN_ERROR", "cookie_not_found", "app", undefined, undefined]],
    );
  });

  it("a review that changes the username and email records each change, then the review's UPDATE_PROFILE", async () => {
    await reviewMode("on");
    try {
      await partnerUser("rev");
      const seen = await eventCount();
      const cookies = new RealmCookies();
      const page = await walk(cookies, await signInThroughPartner(target, cookies, SIGN_IN, "rev", "rev-pass"));
      assert.equal(page.status, 200);
      const reviewed = { username: "rev-new", email: "rev-new@home.test", firstName: "Rev", lastName: "Home" };
      const jar = cookies.for(`${target.baseUrl}/realms/${HOME}/`);
      const posted = await postForm(target.baseUrl, await page.text(), "kc-idp-review-profile-form", reviewed, jar);
      const back = await walk(cookies, posted);
      assert.ok(new URL(back.headers.get("location")!).searchParams.get("code"), "signed in to the app");

      const events = await eventsAfter(seen);
      const [start, ...rest] = events;
      assert.equal(start!.type, "IDENTITY_PROVIDER_FIRST_LOGIN");
      // the two changes are saved at the same moment: their order in the list is not Keycloak's to keep
      const changes = rest.slice(0, 2).sort((a, b) => String(a.type).localeCompare(b.type));
      const [review, register, login] = rest.slice(2);
      const { code_id: reviewCodeId } = review!.details;
      assert.deepEqual(
        changes.map((e) => [e.type, e.userId, e.details]),
        [
          [
            "UPDATE_EMAIL",
            undefined,
            {
              ...BROKER,
              identity_provider_identity: "rev",
              identity_provider_broker_session_id: start!.details.identity_provider_broker_session_id,
              context: "IDP_REVIEW",
              previous_email: "rev@partner.test",
              updated_email: "rev-new@home.test",
              code_id: reviewCodeId,
            },
          ],
          [
            "UPDATE_PROFILE",
            undefined,
            {
              ...BROKER,
              identity_provider_identity: "rev",
              identity_provider_broker_session_id: start!.details.identity_provider_broker_session_id,
              context: "IDP_REVIEW",
              previous_username: "rev",
              updated_username: "rev-new",
              code_id: reviewCodeId,
            },
          ],
        ],
      );
      assert.deepEqual(
        [review!.type, review!.details.context, review!.details.updated_email, review!.details.previous_email],
        ["UPDATE_PROFILE", "IDP_REVIEW", "rev-new@home.test", undefined],
      );
      assert.deepEqual(
        [register!.type, register!.details.username, register!.details.email],
        ["REGISTER", "rev-new", "rev-new@home.test"],
      );
      assert.deepEqual(
        [login!.type, login!.details.username, login!.details.redirect_uri, login!.details.response_type],
        ["LOGIN", "rev-new", undefined, "code"],
      );
      assert.equal(events.length, 6);
    } finally {
      await reviewMode("missing");
    }
  });

  it("a post login flow records IDENTITY_PROVIDER_POST_LOGIN before the LOGIN; a refusal in it, twice its error", async () => {
    await partnerUser("post");
    const first = new RealmCookies();
    await walk(first, await signInThroughPartner(target, first, SIGN_IN, "post", "post-pass"));

    await requiredFlow("post allow", "allow-access-authenticator");
    await setProvider({ postBrokerLoginFlowAlias: "post allow" });
    let seen = await eventCount();
    const allowed = new RealmCookies();
    const back = await walk(allowed, await signInThroughPartner(target, allowed, SIGN_IN, "post", "post-pass"));
    assert.ok(new URL(back.headers.get("location")!).searchParams.get("code"), "signed in to the app");
    const [postLogin, login, ...more] = await eventsAfter(seen);
    assert.deepEqual(more, []);
    const [user] = await json<Json[]>(await api(`/admin/realms/${HOME}/users?username=post&exact=true`));
    const session = postLogin!.details.identity_provider_broker_session_id;
    assert.match(session, new RegExp(`^${ALIAS}\\.`));
    assert.deepEqual(
      [postLogin!.type, postLogin!.clientId, postLogin!.userId, postLogin!.error, postLogin!.details],
      [
        "IDENTITY_PROVIDER_POST_LOGIN",
        "app",
        undefined,
        undefined,
        {
          ...BROKER,
          auth_type: "code",
          identity_provider_identity: "post",
          identity_provider_broker_session_id: session,
          code_id: login!.sessionId,
        },
      ],
    );
    assert.deepEqual(
      [login!.type, login!.userId, login!.details.code_id, login!.details.redirect_uri],
      ["LOGIN", user.id, login!.sessionId, undefined],
    );
    assert.deepEqual(
      [login!.details.response_type, login!.details.response_mode, login!.details.identity_provider_broker_session_id],
      ["code", "query", session],
    );

    await requiredFlow("post deny", "deny-access-authenticator");
    await setProvider({ postBrokerLoginFlowAlias: "post deny" });
    seen = await eventCount();
    const denied = new RealmCookies();
    const page = await walk(denied, await signInThroughPartner(target, denied, SIGN_IN, "post", "post-pass"));
    assert.equal(page.status, 401);
    assert.equal(errorPageMessage(await page.text()), "Access denied");
    const refusals = await eventsAfter(seen);
    assert.deepEqual(
      refusals.map((e) => [e.type, e.error, e.clientId, e.userId, e.details.auth_type, e.details.redirect_uri]),
      [
        ["IDENTITY_PROVIDER_POST_LOGIN_ERROR", "access_denied", "app", undefined, "code", REDIRECT],
        ["IDENTITY_PROVIDER_POST_LOGIN_ERROR", "access_denied", "app", undefined, "code", REDIRECT],
      ],
    );
    await setProvider({ postBrokerLoginFlowAlias: "" });
  });
});
