import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import { type Api, createClient, createUser, json, type Json, startAdminServer } from "../support/admin-api.ts";
import { authUrl, CookieJar, get, submitLogin } from "./oidc-flow.ts";
import { follow } from "./login-forms.ts";
import { addPartnerProvider, createPartnerBroker } from "./broker-partner.ts";

const HOME = "tokens-home";
const PARTNER = "tokens-partner";
const REDIRECT = "http://127.0.0.1:1/callback";
const decode = (text: string) => text.replace(/&amp;/g, "&");

/** "Store tokens" / "Stored tokens readable" and Keycloak's GET /realms/{realm}/broker/{alias}/token. */
describe("stored broker tokens", () => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    ({ server, api } = await startAdminServer());
    const providers: [string, Record<string, unknown>][] = [
      ["stored", { storeToken: true, addReadTokenRoleOnCreate: true }],
      ["unreadable", { storeToken: true, addReadTokenRoleOnCreate: false }],
      ["unstored", { storeToken: false, addReadTokenRoleOnCreate: true }],
    ];
    const [[first, firstFlags], ...others] = providers;
    await createPartnerBroker(server, api, {
      home: HOME,
      partner: PARTNER,
      alias: first!,
      provider: firstFlags,
      // not saved by default in Keycloak: enabled by name
      homeRealm: {
        eventsEnabled: true,
        enabledEventTypes: ["IDENTITY_PROVIDER_RETRIEVE_TOKEN", "IDENTITY_PROVIDER_RETRIEVE_TOKEN_ERROR"],
      },
    });
    for (const [alias, provider] of others)
      await addPartnerProvider(server, api, { home: HOME, partner: PARTNER, alias, provider });
    await createClient(api, HOME, { clientId: "app", publicClient: true, redirectUris: [REDIRECT] });
    for (const username of ["tess", "uma", "vic"])
      await createUser(api, PARTNER, username, {
        email: `${username}@partner.test`,
        firstName: "T",
        lastName: "Partner",
        credentials: [{ type: "password", value: `${username}-pass` }],
      });
  });
  after(async () => server?.dispose());

  /** Signs in to the home realm's app through `alias` and returns the app's access token. */
  async function appTokenThrough(alias: string, username: string): Promise<string> {
    const jar = new CookieJar();
    const login = await get(authUrl(server.baseUrl, HOME, { clientId: "app", redirectUri: REDIRECT }), jar);
    const href = new RegExp(`href="([^"]*/broker/${alias}/login[^"]*)"`).exec(await login.text())?.[1];
    assert.ok(href);
    const start = await get(new URL(decode(href), server.baseUrl).toString(), jar);
    const partner = await get(start.headers.get("location")!, jar);
    const back = await submitLogin(server.baseUrl, await partner.text(), jar, username, `${username}-pass`);
    const done = await follow(back, server.baseUrl, jar);
    assert.equal(done.status, 302, await done.clone().text());
    const code = new URL(done.headers.get("location")!).searchParams.get("code")!;
    const tokens = await fetch(`${server.baseUrl}/realms/${HOME}/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code, client_id: "app", redirect_uri: REDIRECT }),
    });
    assert.equal(tokens.status, 200);
    return ((await tokens.json()) as { access_token: string }).access_token;
  }

  const readToken = (alias: string, accessToken?: string) =>
    fetch(`${server.baseUrl}/realms/${HOME}/broker/${alias}/token`, {
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });

  it("keeps the provider's tokens at sign-in and answers them to a token with broker/read-token", async () => {
    const first = await appTokenThrough("stored", "tess");
    const res = await readToken("stored", first);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    const stored = (await res.json()) as Json;
    assert.ok(stored.access_token && stored.id_token, "the provider's token response");
    const idToken = JSON.parse(Buffer.from(stored.id_token.split(".")[1], "base64url").toString());
    assert.equal(idToken.iss, `${server.baseUrl}/realms/${PARTNER}`);
    assert.equal(idToken.preferred_username, "tess");

    const [user] = await json<Json[]>(await api(`/admin/realms/${HOME}/users?username=tess&exact=true`));
    const brokerRoles = await json<Json[]>(
      await api(
        `/admin/realms/${HOME}/users/${user.id}/role-mappings/clients/${
          (await json<Json[]>(await api(`/admin/realms/${HOME}/clients?clientId=broker`)))[0].id
        }`,
      ),
    );
    assert.deepEqual(
      brokerRoles.map((r) => r.name),
      ["read-token"],
      "Stored tokens readable grants broker/read-token to the new user",
    );
    // never in the admin representations
    const links = await json<Json[]>(await api(`/admin/realms/${HOME}/users/${user.id}/federated-identity`));
    assert.deepEqual(Object.keys(links[0]).sort(), ["identityProvider", "userId", "userName"]);
    const rep = await json(await api(`/admin/realms/${HOME}/users/${user.id}`));
    assert.ok(!JSON.stringify(rep).includes(stored.access_token));

    // the next sign-in replaces the stored token
    const second = await appTokenThrough("stored", "tess");
    const again = (await (await readToken("stored", second)).json()) as Json;
    assert.notEqual(again.access_token, stored.access_token);
    const events = await json<Json[]>(
      await api(`/admin/realms/${HOME}/events?type=IDENTITY_PROVIDER_RETRIEVE_TOKEN&user=${user.id}`),
    );
    assert.equal(events.length, 2);
  });

  it("refuses as Keycloak does: no token, no read-token role, a provider that does not store, no link", async () => {
    const noBearer = await readToken("stored");
    assert.equal(noBearer.status, 400);
    assert.deepEqual(await noBearer.json(), { errorMessage: "Invalid token." });

    const uma = await appTokenThrough("unreadable", "uma");
    const unauthorized = await readToken("unreadable", uma);
    assert.equal(unauthorized.status, 403);
    assert.deepEqual(await unauthorized.json(), {
      errorMessage: "Client [app] not authorized to retrieve tokens from identity provider [unreadable].",
    });

    const vic = await appTokenThrough("unstored", "vic");
    const unstored = await readToken("unstored", vic);
    assert.equal(unstored.status, 400);
    assert.deepEqual(await unstored.json(), {
      errorMessage: "Identity Provider [unstored] does not support this operation.",
    });
    const [vicUser] = await json<Json[]>(await api(`/admin/realms/${HOME}/users?username=vic&exact=true`));
    const notLinked = await readToken("stored", vic);
    assert.equal(notLinked.status, 400);
    assert.deepEqual(await notLinked.json(), {
      errorMessage: `User [${vicUser.id}] is not associated with identity provider [stored].`,
    });
    const errors = await json<Json[]>(
      await api(`/admin/realms/${HOME}/events?type=IDENTITY_PROVIDER_RETRIEVE_TOKEN_ERROR`),
    );
    assert.ok(errors.length >= 3);
  });
});
