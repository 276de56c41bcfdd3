import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash, randomUUID } from "node:crypto";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { SignJWT, calculateJwkThumbprint, decodeJwt, exportJWK, generateKeyPair, type CryptoKey, type JWK } from "jose";
import { realmOnTarget } from "../support/admin-client.ts";
import { CookieJar, authUrl, get } from "./oidc-flow.ts";

// Runs against the embedded server; with KC_TARGET=keycloak and KC_REAL_URL against that real Keycloak (which is how
// the expectations below were checked on Keycloak 26.7.3): DPoP (RFC 9449) proofs at the token endpoint, the tokens
// they bind, and bound tokens at userinfo, the admin API and introspection.
const REALM = "dpop";
const USER = "dpop-user";

/** Keycloak 26.7.3's dpop_signing_alg_values_supported. */
const ALGORITHMS = ["EdDSA", "ES256", "ES384", "ES512", "PS256", "PS384", "PS512", "RS256", "RS384", "RS512"];

interface Prover {
  jwk: JWK;
  jkt: string;
  proof(htm: string, htu: string, claims?: Record<string, unknown>, header?: Record<string, unknown>): Promise<string>;
}

async function prover(): Promise<Prover> {
  const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = await exportJWK(publicKey);
  return {
    jwk,
    jkt: await calculateJwkThumbprint(jwk),
    proof: (htm, htu, claims = {}, header = {}) => sign(privateKey, jwk, { htm, htu, ...claims }, header),
  };
}

const sign = (key: CryptoKey, jwk: JWK, claims: Record<string, unknown>, header: Record<string, unknown> = {}) =>
  new SignJWT({ jti: randomUUID(), iat: Math.floor(Date.now() / 1000), ...claims })
    .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk, ...header })
    .sign(key);

const ath = (token: string) => createHash("sha256").update(token).digest("base64url");

type Tokens = { access_token: string; refresh_token: string; id_token?: string; token_type: string };

describe("DPoP: proofs at the token endpoint and bound tokens", () => {
  let dispose: (() => Promise<void>) | undefined;
  let kc: KcAdminClient;
  let base = "";
  let key: Prover;
  const tokenUrl = (realm = REALM) => `${base}/realms/${realm}/protocol/openid-connect/token`;
  const userinfoUrl = () => `${base}/realms/${REALM}/protocol/openid-connect/userinfo`;

  async function token(form: Record<string, string>, dpop?: string, realm = REALM) {
    const res = await fetch(tokenUrl(realm), {
      method: "POST",
      headers: dpop === undefined ? {} : { dpop },
      body: new URLSearchParams(form),
    });
    return { status: res.status, body: (await res.json()) as Tokens & Record<string, unknown> };
  }
  const password = (clientId: string, dpop?: string, extra: Record<string, string> = {}) =>
    token({ grant_type: "password", client_id: clientId, username: USER, password: USER, ...extra }, dpop);
  const refresh = (clientId: string, refreshToken: string, dpop?: string, extra: Record<string, string> = {}) =>
    token({ grant_type: "refresh_token", client_id: clientId, refresh_token: refreshToken, ...extra }, dpop);
  const refused = (description: string) => ({ error: "invalid_request", error_description: description });

  async function userinfo(authorization: string, dpop?: string) {
    const res = await fetch(userinfoUrl(), { headers: { authorization, ...(dpop ? { dpop } : {}) } });
    return { status: res.status, challenge: res.headers.get("www-authenticate"), body: await res.text() };
  }

  before(async () => {
    ({ kc, dispose } = await realmOnTarget(REALM));
    base = kc.baseUrl;
    await kc.realms.update({ realm: REALM }, { eventsEnabled: true });
    await kc.clients.create({
      clientId: "spa",
      publicClient: true,
      directAccessGrantsEnabled: true,
      // introspection answers only a client in the token's audience
      protocolMappers: [
        {
          name: "api audience",
          protocol: "openid-connect",
          protocolMapper: "oidc-audience-mapper",
          config: { "included.client.audience": "api", "access.token.claim": "true" },
        },
      ],
    });
    await kc.clients.create({
      clientId: "api",
      publicClient: false,
      secret: "api-secret",
      directAccessGrantsEnabled: true,
    });
    await kc.clients.create({ clientId: "web", publicClient: true, redirectUris: ["https://web.example.org/*"] });
    await kc.clients.create({
      clientId: "strict",
      publicClient: true,
      directAccessGrantsEnabled: true,
      attributes: { "dpop.bound.access.tokens": "true" },
    });
    await kc.users.create({
      username: USER,
      enabled: true,
      email: `${USER}@example.org`,
      firstName: "Dee",
      lastName: "Pop",
      credentials: [{ type: "password", value: USER, temporary: false }],
    });
    key = await prover();
  });

  after(async () => {
    await dispose?.();
  });

  it("the UMA grant binds the RPT to a proof's key and keeps the Bearer token type", async () => {
    const { id } = await kc.clients.create({
      clientId: "rs",
      secret: "rs-secret",
      serviceAccountsEnabled: true,
      authorizationServicesEnabled: true,
    });
    const authz = { id: id! } as { id: string; type: string };
    const policy = await kc.clients.createPolicy({ ...authz, type: "client" }, {
      name: "rs itself",
      clients: [id!],
    } as never);
    const resource = await kc.clients.createResource(authz, { name: "thing" });
    await kc.clients.createPermission(
      { ...authz, type: "resource" },
      { name: "thing permission", resources: [resource._id!], policies: [policy.id!] },
    );
    const service = await token({ grant_type: "client_credentials", client_id: "rs", client_secret: "rs-secret" });
    assert.equal(service.status, 200, JSON.stringify(service.body));
    const uma = async (dpop: string) => {
      const res = await fetch(tokenUrl(), {
        method: "POST",
        headers: { authorization: `Bearer ${service.body.access_token}`, dpop },
        body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:uma-ticket", audience: "rs" }),
      });
      return { status: res.status, body: (await res.json()) as Tokens & Record<string, unknown> };
    };
    const rpt = await uma(await key.proof("POST", tokenUrl()));
    assert.equal(rpt.status, 200, JSON.stringify(rpt.body));
    assert.equal(rpt.body.token_type, "Bearer", "Keycloak 26.7.3 keeps Bearer for the RPT");
    assert.deepEqual(decodeJwt(rpt.body.access_token).cnf, { jkt: key.jkt, "kc-jkt-type": "DPoP" });
    const bad = await uma(await key.proof("GET", tokenUrl()));
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.equal(bad.body.error, "invalid_request");
  });

  it("discovery lists the proof algorithms", async () => {
    const metadata = (await (await fetch(`${base}/realms/${REALM}/.well-known/openid-configuration`)).json()) as {
      dpop_signing_alg_values_supported?: string[];
    };
    assert.deepEqual([...(metadata.dpop_signing_alg_values_supported ?? [])].sort(), [...ALGORITHMS].sort());
  });

  it("a proof binds a public client's access and refresh tokens to its key", async () => {
    const { status, body } = await password("spa", await key.proof("POST", tokenUrl()), { scope: "openid" });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.token_type, "DPoP");
    const access = decodeJwt(body.access_token);
    assert.equal(access.typ, "DPoP");
    assert.deepEqual(access.cnf, { jkt: key.jkt, "kc-jkt-type": "DPoP" });
    assert.deepEqual(decodeJwt(body.refresh_token).cnf, { jkt: key.jkt, "kc-jkt-type": "DPoP" });
    assert.equal(decodeJwt(body.id_token!).cnf, undefined, "the ID token is not bound");
  });

  it("refuses bad proofs with Keycloak's descriptions", async () => {
    const reused = await key.proof("POST", tokenUrl());
    assert.equal((await password("spa", reused)).status, 200);
    const now = Math.floor(Date.now() / 1000);
    const { privateKey: stranger } = await generateKeyPair("ES256");
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const cases: [string, string][] = [
      [reused, "DPoP proof has already been used"],
      [await key.proof("POST", tokenUrl(), {}, { typ: "JWT" }), "Invalid or missing type in DPoP header: JWT"],
      [await key.proof("GET", tokenUrl()), "DPoP HTTP method mismatch"],
      [await key.proof("POST", `${tokenUrl()}/other`), "DPoP HTTP URL mismatch"],
      [await key.proof("POST", tokenUrl(), { iat: now - 60 }), "DPoP proof is not active"],
      [await key.proof("POST", tokenUrl(), { iat: now + 60 }), "DPoP proof is not active"],
      [await key.proof("POST", tokenUrl(), { jti: undefined }), "DPoP mandatory claims are missing"],
      [await key.proof("POST", tokenUrl(), {}, { jwk: undefined }), "No JWK in DPoP header"],
      [
        await sign(stranger, key.jwk, { htm: "POST", htu: tokenUrl() }),
        "DPoP verification failure: org.keycloak.exceptions.TokenSignatureInvalidException: Invalid token signature",
      ],
      [
        await sign(privateKey, await exportJWK(privateKey), { htm: "POST", htu: tokenUrl() }),
        "Private key material must not be present in DPoP JWK",
      ],
      ["not-a-jwt", "DPoP header verification failure"],
      ["", "DPoP proof is missing"],
    ];
    for (const [proof, description] of cases)
      assert.deepEqual((await password("spa", proof)).body, refused(description), description);
    const secret = new TextEncoder().encode("0123456789abcdef0123456789abcdef");
    const hmac = await new SignJWT({ htm: "POST", htu: tokenUrl(), jti: randomUUID(), iat: now })
      .setProtectedHeader({ alg: "HS256", typ: "dpop+jwt", jwk: key.jwk })
      .sign(secret);
    assert.deepEqual((await password("spa", hmac)).body, refused("Unsupported DPoP algorithm: HS256"));
    // a query on the endpoint's URL does not count against htu
    assert.equal((await password("spa", await key.proof("POST", `${tokenUrl()}?x=1`))).status, 200);

    const events = await kc.realms.findEvents({ realm: REALM, type: "LOGIN_ERROR", max: 50 });
    const replayed = events.find((event) => event.details?.reason === "DPoP proof has already been used");
    assert.equal(replayed?.error, "invalid_dpop_proof", JSON.stringify(events.slice(0, 2)));
  });

  it("a client that requires DPoP refuses a request without a proof", async () => {
    assert.deepEqual((await password("strict")).body, refused("DPoP proof is missing"));
    assert.equal((await password("strict", await key.proof("POST", tokenUrl()))).body.token_type, "DPoP");
    assert.equal((await password("spa")).body.token_type, "Bearer", "other clients may go without");
  });

  it("a code asked for with dpop_jkt is exchanged only with a proof of that key", async () => {
    const redirectUri = "https://web.example.org/callback";
    async function code(jkt: string) {
      const jar = new CookieJar();
      const login = await get(`${authUrl(base, REALM, { clientId: "web", redirectUri })}&dpop_jkt=${jkt}`, jar);
      // Keycloak's form has other attributes between id and action than ours
      const action = /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(await login.text())?.[1] ?? "";
      const res = await fetch(new URL(action.replace(/&amp;/g, "&"), base), {
        method: "POST",
        redirect: "manual",
        headers: { cookie: jar.header() },
        body: new URLSearchParams({ username: USER, password: USER }),
      });
      return new URL(res.headers.get("location") ?? "").searchParams.get("code") ?? "";
    }
    const exchange = async (dpop?: string) =>
      token(
        { grant_type: "authorization_code", client_id: "web", code: await code(key.jkt), redirect_uri: redirectUri },
        dpop,
      );
    assert.deepEqual((await exchange()).body, refused("DPoP Proof missing"));
    const other = await prover();
    assert.deepEqual(
      (await exchange(await other.proof("POST", tokenUrl()))).body,
      refused("DPoP Proof public key thumbprint does not match dpop_jkt"),
    );
    const exchanged = await exchange(await key.proof("POST", tokenUrl()));
    assert.equal(exchanged.status, 200, JSON.stringify(exchanged.body));
    assert.equal((decodeJwt(exchanged.body.access_token).cnf as { jkt: string }).jkt, key.jkt);
  });

  it("a public client's bound refresh token needs a proof of the same key", async () => {
    const { body } = await password("spa", await key.proof("POST", tokenUrl()));
    const grant = (dpop?: string) => refresh("spa", body.refresh_token, dpop);
    assert.deepEqual((await grant()).body, { error: "invalid_grant", error_description: "DPoP proof is missing" });
    const other = await prover();
    assert.deepEqual((await grant(await other.proof("POST", tokenUrl()))).body, {
      error: "invalid_grant",
      error_description: "DPoP confirmation doesn't match DPoP proof",
    });
    const refreshed = await grant(await key.proof("POST", tokenUrl()));
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    assert.equal(refreshed.body.token_type, "DPoP");
    assert.equal((decodeJwt(refreshed.body.access_token).cnf as { jkt: string }).jkt, key.jkt);
    assert.equal((decodeJwt(refreshed.body.refresh_token).cnf as { jkt: string }).jkt, key.jkt);
  });

  it("a confidential client's refresh token stays unbound", async () => {
    const secret = { client_secret: "api-secret" };
    const { body } = await password("api", await key.proof("POST", tokenUrl()), secret);
    assert.equal(body.token_type, "DPoP");
    assert.equal(decodeJwt(body.refresh_token).cnf, undefined);
    const refreshed = await refresh("api", body.refresh_token, undefined, secret);
    assert.equal(refreshed.body.token_type, "Bearer", JSON.stringify(refreshed.body));
    assert.equal(decodeJwt(refreshed.body.access_token).cnf, undefined);
  });

  it("userinfo takes a bound token with the DPoP scheme and a proof for the request", async () => {
    const openid = { scope: "openid" };
    const { body } = await password("spa", await key.proof("POST", tokenUrl()), openid);
    const bound = body.access_token;
    const ok = await userinfo(`DPoP ${bound}`, await key.proof("GET", userinfoUrl(), { ath: ath(bound) }));
    assert.equal(ok.status, 200, ok.body);
    assert.equal((JSON.parse(ok.body) as { preferred_username: string }).preferred_username, USER);

    const bearerChallenge = `Bearer realm="${REALM}", error="invalid_token", error_description="Token verification failed"`;
    const asBearer = await userinfo(`Bearer ${bound}`);
    assert.deepEqual(asBearer, { status: 401, challenge: bearerChallenge, body: "" });

    const other = await prover();
    const refusals: [string, string | undefined][] = [
      ["no proof", undefined],
      ["no ath", await key.proof("GET", userinfoUrl())],
      ["wrong ath", await key.proof("GET", userinfoUrl(), { ath: ath("other") })],
      ["other key", await other.proof("GET", userinfoUrl(), { ath: ath(bound) })],
      ["wrong method", await key.proof("POST", userinfoUrl(), { ath: ath(bound) })],
    ];
    for (const [what, proof] of refusals) {
      const answer = await userinfo(`DPoP ${bound}`, proof);
      assert.equal(answer.status, 401, what);
      assert.equal(answer.body, "", what);
      assert.match(answer.challenge ?? "", /^DPoP algs="[^"]+", realm="dpop", error="invalid_token"/, what);
    }
    const algs = /algs="([^"]*)"/.exec((await userinfo(`DPoP ${bound}`)).challenge ?? "")?.[1] ?? "";
    assert.deepEqual(algs.split(" ").sort(), [...ALGORITHMS].sort());

    const plain = (await password("spa", undefined, openid)).body.access_token;
    const asDpop = await userinfo(`DPoP ${plain}`, await key.proof("GET", userinfoUrl(), { ath: ath(plain) }));
    assert.equal(asDpop.status, 401, "an unbound token is no DPoP token");
    assert.equal((await userinfo(`Bearer ${plain}`)).status, 200);
  });

  it("the admin API takes a bound token only with the DPoP scheme and a proof", async () => {
    const masterToken = tokenUrl("master");
    const { body } = await token(
      { grant_type: "password", client_id: "admin-cli", username: "admin", password: "admin" },
      await key.proof("POST", masterToken),
      "master",
    );
    assert.equal(body.token_type, "DPoP");
    const users = `${base}/admin/realms/${REALM}/users?briefRepresentation=true`;
    const get = async (headers: Record<string, string>) => (await fetch(users, { headers })).status;
    const proof = await key.proof("GET", users, { ath: ath(body.access_token) });
    assert.equal(await get({ authorization: `Bearer ${body.access_token}` }), 401);
    assert.equal(await get({ authorization: `DPoP ${body.access_token}` }), 401);
    assert.equal(await get({ authorization: `DPoP ${body.access_token}`, dpop: proof }), 200);
  });

  it("userinfo refuses a token issued without the openid scope, in the request's scheme", async () => {
    const plain = (await password("spa")).body.access_token;
    const missing = `realm="${REALM}", error="insufficient_scope", error_description="Missing openid scope"`;
    assert.deepEqual(await userinfo(`Bearer ${plain}`), { status: 403, challenge: `Bearer ${missing}`, body: "" });
    const bound = (await password("spa", await key.proof("POST", tokenUrl()))).body.access_token;
    const asDpop = await userinfo(`DPoP ${bound}`, await key.proof("GET", userinfoUrl(), { ath: ath(bound) }));
    assert.equal(asDpop.status, 403, asDpop.challenge ?? "");
    assert.match(asDpop.challenge ?? "", /^DPoP algs="[^"]+", realm="dpop", error="insufficient_scope"/);
    // the binding is checked first
    assert.equal((await userinfo(`DPoP ${bound}`)).status, 401, "no proof");
    assert.equal((await userinfo(`Bearer ${bound}`)).status, 401, "a bound token as Bearer");
  });

  it("introspection shows the binding", async () => {
    const { body } = await password("spa", await key.proof("POST", tokenUrl()));
    const res = await fetch(`${tokenUrl()}/introspect`, {
      method: "POST",
      body: new URLSearchParams({ client_id: "api", client_secret: "api-secret", token: body.access_token }),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    assert.equal(answer.active, true, JSON.stringify(answer));
    assert.equal(answer.token_type, "DPoP");
    assert.deepEqual(answer.cnf, { jkt: key.jkt, "kc-jkt-type": "DPoP" });
  });

  it("introspection answers a client outside the token's audience as inactive, unless it may skip the check", async () => {
    const { body } = await password("spa");
    const { id } = await kc.clients.create({ clientId: "audit", publicClient: false, secret: "audit-secret" });
    const introspect = async () => {
      const res = await fetch(`${tokenUrl()}/introspect`, {
        method: "POST",
        body: new URLSearchParams({ client_id: "audit", client_secret: "audit-secret", token: body.access_token }),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    assert.deepEqual(await introspect(), { active: false });
    await kc.clients.update(
      { id },
      { clientId: "audit", attributes: { "allow.token.introspection.without.audience.check": "true" } },
    );
    const answer = await introspect();
    assert.equal(answer.active, true, JSON.stringify(answer));
    assert.equal(answer.client_id, "spa");
  });
});
