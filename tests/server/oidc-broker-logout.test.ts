import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import { type Api, createClient, createUser, json, type Json, startAdminServer } from "../support/admin-api.ts";
import { exchangeCode, pkcePair } from "./oidc-flow.ts";
import { actionOf } from "./login-forms.ts";
import { createPartnerBroker, PARTNER_CLIENT, RealmCookies, signInThroughPartner } from "./broker-partner.ts";

const HOME = "logout-home";
const PARTNER = "logout-partner";
const ALIAS = "partner";
const REDIRECT = "http://127.0.0.1:1/callback";

/**
 * Signing out of a realm also signs out of the OpenID Connect provider the session came through, as Keycloak's
 * OIDCIdentityProvider does: by back channel when "Backchannel logout" is on, otherwise through the browser.
 */
describe("OpenID Connect broker logout", () => {
  let server: TestServer;
  let api: Api;
  let partnerUserId: string;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createPartnerBroker(server, api, {
      home: HOME,
      partner: PARTNER,
      alias: ALIAS,
      homeRealm: { eventsEnabled: true },
    });
    await createClient(api, HOME, {
      clientId: "app",
      publicClient: true,
      redirectUris: [REDIRECT],
      attributes: { "post.logout.redirect.uris": "+" },
    });
    partnerUserId = await createUser(api, PARTNER, "lou", {
      email: "lou@partner.test",
      firstName: "Lou",
      lastName: "Out",
      credentials: [{ type: "password", value: "lou-pass" }],
    });
  });
  after(async () => server?.dispose());

  async function setLogoutConfig(config: Record<string, string>) {
    const path = `/admin/realms/${HOME}/identity-provider/instances/${ALIAS}`;
    const rep = await json(await api(path));
    const res = await api(path, { method: "PUT", body: { ...rep, config: { ...rep.config, ...config } } });
    assert.equal(res.status, 204);
  }

  const sessions = async (realm: string, userId: string) =>
    json<Json[]>(await api(`/admin/realms/${realm}/users/${userId}/sessions`));

  /** A brokered sign-in to the home realm's app: the browser's cookies, the home user and the app's ID token. */
  async function signIn() {
    const cookies = new RealmCookies();
    const { verifier, challenge } = pkcePair();
    const options = { home: HOME, alias: ALIAS, clientId: "app", redirectUri: REDIRECT, codeChallenge: challenge };
    const back = await signInThroughPartner(server, cookies, options, "lou", "lou-pass");
    assert.equal(back.status, 302, await back.clone().text());
    const code = new URL(back.headers.get("location")!).searchParams.get("code");
    assert.ok(code, "a code for the app: the profile was complete, so no review page");
    const tokens = await exchangeCode(server.baseUrl, HOME, {
      client_id: "app",
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    assert.equal(tokens.status, 200);
    const [user] = await json<Json[]>(await api(`/admin/realms/${HOME}/users?username=lou&exact=true`));
    assert.equal((await sessions(HOME, user.id)).length, 1);
    assert.equal((await sessions(PARTNER, partnerUserId)).length, 1);
    return { cookies, userId: user.id as string, idToken: tokens.body.id_token as string };
  }

  const homeLogoutUrl = (idToken: string) =>
    `${server.baseUrl}/realms/${HOME}/protocol/openid-connect/logout?${new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: REDIRECT,
    })}`;

  it("back channel: signing out at the end-session endpoint ends the partner session too, with no detour", async () => {
    await setLogoutConfig({ backchannelSupported: "true" });
    const { cookies, userId, idToken } = await signIn();
    const res = await cookies.get(homeLogoutUrl(idToken));
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), REDIRECT);
    assert.equal((await sessions(HOME, userId)).length, 0);
    assert.equal((await sessions(PARTNER, partnerUserId)).length, 0, "the partner's session was ended by back channel");
  });

  it("back channel: an administrator signing the user out ends the partner session too", async () => {
    const { userId } = await signIn();
    const res = await api(`/admin/realms/${HOME}/users/${userId}/logout`, { method: "POST" });
    assert.equal(res.status, 204);
    assert.equal((await sessions(HOME, userId)).length, 0);
    assert.equal((await sessions(PARTNER, partnerUserId)).length, 0);
  });

  it("front channel: the browser goes to the partner's end-session endpoint with id_token_hint and comes back", async () => {
    await setLogoutConfig({ backchannelSupported: "false" });
    const { cookies, userId, idToken } = await signIn();
    const toPartner = await cookies.get(homeLogoutUrl(idToken));
    assert.equal(toPartner.status, 302);
    const partnerLogout = new URL(toPartner.headers.get("location")!);
    assert.equal(partnerLogout.pathname, `/realms/${PARTNER}/protocol/openid-connect/logout`);
    const returnUrl = `${server.baseUrl}/realms/${HOME}/broker/${ALIAS}/endpoint/logout_response`;
    assert.equal(partnerLogout.searchParams.get("post_logout_redirect_uri"), returnUrl);
    assert.ok(partnerLogout.searchParams.get("state"), "the session is named in state");
    assert.ok(partnerLogout.searchParams.get("id_token_hint"), "Send id_token_hint is on by default");
    assert.equal(partnerLogout.searchParams.get("client_id"), null, "Send client_id is off by default");
    assert.equal((await sessions(HOME, userId)).length, 1, "the home session lasts until the partner answers");

    const back = await cookies.get(partnerLogout.toString());
    assert.equal(back.status, 302);
    const backUrl = new URL(back.headers.get("location")!);
    assert.equal(`${backUrl.origin}${backUrl.pathname}`, returnUrl);
    const done = await cookies.get(backUrl.toString());
    assert.equal(done.status, 302);
    assert.equal(done.headers.get("location"), REDIRECT);
    assert.equal((await sessions(HOME, userId)).length, 0);
    assert.equal((await sessions(PARTNER, partnerUserId)).length, 0);
    const events = await json<Json[]>(await api(`/admin/realms/${HOME}/events?type=LOGOUT&user=${userId}`));
    assert.equal(events[0]?.clientId, "app");

    const replayed = await cookies.get(backUrl.toString());
    assert.equal(replayed.status, 400, "the partner's answer ends one logout only");
  });

  it("front channel with 'Send client_id' on and 'Send id_token_hint' off: the partner asks, then signs out", async () => {
    await setLogoutConfig({ sendIdTokenOnLogout: "false", sendClientIdOnLogout: "true" });
    const { cookies, userId, idToken } = await signIn();
    const toPartner = await cookies.get(homeLogoutUrl(idToken));
    const partnerLogout = new URL(toPartner.headers.get("location")!);
    assert.equal(partnerLogout.searchParams.get("id_token_hint"), null);
    assert.equal(partnerLogout.searchParams.get("client_id"), PARTNER_CLIENT);

    const confirm = await cookies.get(partnerLogout.toString());
    assert.equal(confirm.status, 200, "without id_token_hint the partner asks for confirmation");
    const html = await confirm.text();
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!.replace(/&amp;/g, "&"),
      ]),
    );
    const action = actionOf(html, "kc-logout-confirm", server.baseUrl);
    const confirmed = await fetch(action, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.for(action).header() },
      body: new URLSearchParams({ ...fields, confirmLogout: "Logout" }),
    });
    assert.equal(confirmed.status, 302);
    const done = await cookies.get(confirmed.headers.get("location")!);
    assert.equal(done.headers.get("location"), REDIRECT);
    assert.equal((await sessions(HOME, userId)).length, 0);
    assert.equal((await sessions(PARTNER, partnerUserId)).length, 0);
  });
});
