import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { decodeJwt } from "jose";
import { startTestServer, type TestServer } from "../support/server.ts";
import { completeProfile } from "../support/admin-api.ts";
import { eventually } from "../support/eventually.ts";
import { startRecordingServer, type RecordingServer } from "../support/recording-server.ts";
import { authUrl, CookieJar, exchangeCode, get, submitLogin } from "./oidc-flow.ts";

const REALM = "fc-logout";

/** OpenID Connect Front-Channel Logout and the back-channel logout token's offline revocation, as Keycloak 26.7.3. */
describe("front-channel logout at the end-session endpoint", () => {
  let server: TestServer;
  let kc: KcAdminClient;
  let rp: RecordingServer;
  let rpBase: string;

  const signIn = async (clientId: string, jar: CookieJar, scope = "openid") => {
    const redirectUri = `${rpBase}/cb`;
    const page = await get(authUrl(server.baseUrl, REALM, { clientId, redirectUri, scope }), jar);
    const res =
      page.status === 302 ? page : await submitLogin(server.baseUrl, await page.text(), jar, "alice", "alice-pw");
    assert.equal(res.status, 302, await res.clone().text());
    const code = new URL(res.headers.get("location")!).searchParams.get("code")!;
    const { status, body } = await exchangeCode(server.baseUrl, REALM, {
      client_id: clientId,
      client_secret: "s",
      code,
      redirect_uri: redirectUri,
    });
    assert.equal(status, 200, JSON.stringify(body));
    return body as { id_token: string; refresh_token: string; session_state: string };
  };

  const client = (clientId: string, extra: Record<string, unknown> = {}, attributes: Record<string, string> = {}) =>
    kc.clients.create({
      clientId,
      secret: "s",
      publicClient: false,
      standardFlowEnabled: true,
      directAccessGrantsEnabled: true,
      redirectUris: [`${rpBase}/*`],
      ...extra,
      attributes: { "post.logout.redirect.uris": "+", ...attributes },
    });

  before(async () => {
    rp = await startRecordingServer();
    rpBase = rp.url;
    server = await startTestServer({ args: ["--seed-demo", "false"] });
    kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
    await kc.auth({ grantType: "password", clientId: "admin-cli", username: "admin", password: "admin" });
    await kc.realms.create({ realm: REALM, enabled: true, eventsEnabled: true });
    kc.setConfig({ realmName: REALM });
    await kc.users.create({
      username: "alice",
      ...completeProfile("alice"),
      enabled: true,
      credentials: [{ type: "password", value: "alice-pw", temporary: false }],
    });
    await client(
      "rp1",
      { name: "Relying <One>", frontchannelLogout: true },
      { "frontchannel.logout.url": `${rpBase}/fc1?x=1`, "frontchannel.logout.session.required": "true" },
    );
    await client(
      "rp2",
      { frontchannelLogout: true },
      { "frontchannel.logout.url": "http://other.example:8443/fc2", "frontchannel.logout.session.required": "false" },
    );
    await client("rp3", { frontchannelLogout: false }, { "frontchannel.logout.url": `${rpBase}/fc3` });
    await client("rp4", { frontchannelLogout: true, rootUrl: `${rpBase}/root` }, { "frontchannel.logout.url": "/fc4" });
    await client("plain", { frontchannelLogout: false });
    await client(
      "relative",
      { frontchannelLogout: false, rootUrl: `${rpBase}/root` },
      { "backchannel.logout.url": "/bc-relative" },
    );
    await client(
      "revoking",
      { frontchannelLogout: false },
      {
        "backchannel.logout.url": `${rpBase}/bc-revoking`,
        "backchannel.logout.session.required": "true",
        "backchannel.logout.revoke.offline.tokens": "true",
      },
    );
  });
  after(async () => {
    await server?.dispose();
    rp?.close();
  });

  it("announces front- and back-channel logout with sessions in the discovery document", async () => {
    const res = await fetch(`${server.baseUrl}/realms/${REALM}/.well-known/openid-configuration`);
    const metadata = (await res.json()) as Record<string, unknown>;
    assert.equal(metadata.frontchannel_logout_supported, true);
    assert.equal(metadata.frontchannel_logout_session_supported, true);
    assert.equal(metadata.backchannel_logout_supported, true);
    assert.equal(metadata.backchannel_logout_session_supported, true);
  });

  it("answers, after the confirmation, a page framing each front-channel client of the session, then goes on to the redirect", async () => {
    const jar = new CookieJar();
    const first = await signIn("rp1", jar);
    for (const id of ["rp2", "rp3", "rp4"]) await signIn(id, jar);
    const sid = decodeJwt(first.id_token).sid as string;
    const issuer = `${server.baseUrl}/realms/${REALM}`;
    const redirect = `${rpBase}/after`;
    const query = new URLSearchParams({ client_id: "rp1", post_logout_redirect_uri: redirect, state: "st1" });
    const confirmation = await get(`${issuer}/protocol/openid-connect/logout?${query}`, jar);
    assert.equal(confirmation.status, 200);
    const form = /<form id="kc-logout-confirm" action="([^"]+)"[\s\S]*?<\/form>/.exec(await confirmation.text())!;
    const fields = Object.fromEntries(
      [...form[0].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const res = await fetch(new URL(form[1]!, server.baseUrl), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ ...fields, confirmLogout: "Logout" }),
    });
    jar.store(res);
    assert.equal(res.status, 200, "a page, not a redirect, while clients are to be told");
    const html = await res.text();
    const frames = [...html.matchAll(/<iframe src="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    const session = new URLSearchParams({ sid, iss: issuer });
    assert.deepEqual(frames, [`${rpBase}/fc1?x=1&${session}`, "http://other.example:8443/fc2", `/fc4?${session}`]);
    assert.match(html, /<h1 id="kc-page-title">Logging out<\/h1>/);
    assert.match(html, /You are logging out from following apps/);
    assert.match(html, /<li>Relying &lt;One&gt;<iframe/, "the client's name, escaped");
    assert.match(html, /<iframe [^>]*hidden>/);
    assert.match(html, new RegExp(`<a id="continue" [^>]*href="${redirect}\\?state=st1">Continue</a>`));
    assert.match(html, /<script src="\/resources\/login\/frontchannel-logout\.js"><\/script>/);
    const csp = res.headers.get("content-security-policy")!;
    assert.match(csp, new RegExp(`^frame-src 'self' ${new URL(rpBase).host} other.example:8443 null;`));
    assert.equal(jar.get("KEYCLOAK_IDENTITY"), undefined, "the sign-in cookies are cleared");
    assert.deepEqual(await kc.users.listSessions({ id: decodeJwt(first.id_token).sub! }), []);
    const events = await kc.realms.findEvents({ realm: REALM, type: "LOGOUT" });
    assert.deepEqual(events[0]?.details, { redirect_uri: redirect });

    const script = await fetch(`${server.baseUrl}/resources/login/frontchannel-logout.js`);
    assert.equal(script.status, 200);
    assert.match(await script.text(), /readyState === "complete"[\s\S]*location\.replace/);
  });

  it("frames the clients with an id token hint too, and only redirects when the session has none of them", async () => {
    const jar = new CookieJar();
    const tokens = await signIn("rp2", jar);
    const hinted = new URLSearchParams({ id_token_hint: tokens.id_token });
    const page = await get(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/logout?${hinted}`, jar);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<iframe src="http:\/\/other.example:8443\/fc2" hidden>/);
    assert.doesNotMatch(html, /id="continue"/, "no redirect, no Continue link");

    const plain = await signIn("plain", new CookieJar());
    const redirect = new URLSearchParams({ id_token_hint: plain.id_token, post_logout_redirect_uri: `${rpBase}/x` });
    const res = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/logout?${redirect}`, {
      redirect: "manual",
    });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), `${rpBase}/x`);
  });

  it("tells a client with backchannel.logout.revoke.offline.tokens to revoke offline access, and leaves its offline sessions", async () => {
    const jar = new CookieJar();
    const online = await signIn("revoking", jar);
    const offline = await signIn("revoking", new CookieJar(), "openid offline_access");
    const sent = rp.requests.length;
    const res = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/logout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "revoking", client_secret: "s", refresh_token: online.refresh_token }),
    });
    assert.equal(res.status, 204);
    const delivered = await eventually(
      async () => rp.requests.slice(sent).find((p) => p.startsWith("/bc-revoking ")),
      (found) => found !== undefined,
    );
    assert.ok(delivered, "a logout token");
    const logoutToken = new URLSearchParams(delivered.slice("/bc-revoking ".length)).get("logout_token")!;
    const claims = decodeJwt(logoutToken);
    assert.deepEqual(claims.events, {
      "http://schemas.openid.net/event/backchannel-logout": {},
      revoke_offline_access: true,
    });
    assert.equal(claims.revoke_offline_access, undefined, "inside events, not a claim of its own");
    const refreshed = await fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        client_id: "revoking",
        client_secret: "s",
        refresh_token: offline.refresh_token,
      }),
    });
    assert.equal(refreshed.status, 200, "Keycloak leaves the offline session to the client");
  });

  it("posts the logout token of a relative back-channel logout URL to the client's root URL followed by the path", async () => {
    const signedIn = await signIn("relative", new CookieJar());
    const sent = rp.requests.length;
    await kc.realms.removeSession({ realm: REALM, sessionId: signedIn.session_state });
    const delivered = rp.requests.slice(sent).map((p) => p.split(" ")[0]);
    assert.deepEqual(delivered, ["/root/bc-relative"]);
  });
});
