import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type KcAdminClient from "@keycloak/keycloak-admin-client";
import { decodeJwt } from "jose";
import { startTestServer, type TestServer } from "../support/server.ts";
import { eventRealm, eventsOf } from "../support/event-realm.ts";

const REALM = "introspection";

/** Token introspection's token type hint, audience rule and events, as measured on Keycloak 26.7.3. */
describe("token introspection", () => {
  let server: TestServer;
  let kc: KcAdminClient;
  let userId: string;
  let tokens: { access_token: string; refresh_token: string; id_token: string };
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${server.baseUrl}/realms/${REALM}/protocol/openid-connect/${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const as = (clientId: string) => ({ client_id: clientId, client_secret: "s" });
  /** The answer and the events of one introspection. */
  const introspect = async (fields: Record<string, string>) => {
    const { result, events } = await eventsOf(kc, REALM, async () => {
      const res = await post("token/introspect", fields);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    });
    return { ...result, events };
  };

  before(async () => {
    server = await startTestServer({ args: ["--seed-demo", "false"] });
    ({ kc, userId } = await eventRealm(server, REALM, ["INTROSPECT_TOKEN", "INTROSPECT_TOKEN_ERROR"], "intro"));
    for (const clientId of ["c1", "c2"])
      await kc.clients.create({ clientId, secret: "s", publicClient: false, directAccessGrantsEnabled: true });
    await kc.clients.create({
      clientId: "c3",
      secret: "s",
      publicClient: false,
      attributes: { "allow.token.introspection.without.audience.check": "true" },
    });
    const res = await post("token", {
      grant_type: "password",
      ...as("c1"),
      username: "intro",
      password: "pw",
      scope: "openid",
    });
    tokens = (await res.json()) as typeof tokens;
  });
  after(async () => server?.dispose());

  it("checks a refresh token without a hint as an access token: inactive unless the client may skip the audience check", async () => {
    const sessionId = decodeJwt(tokens.refresh_token).sid;
    const details = {
      token_issued_for: "c1",
      token_id: String(decodeJwt(tokens.refresh_token).jti),
      token_type: "Refresh",
      client_auth_method: "client-secret",
    };
    const own = await introspect({ ...as("c1"), token: tokens.refresh_token });
    assert.deepEqual(own.body, { active: false });
    assert.deepEqual(own.events, [
      {
        type: "INTROSPECT_TOKEN_ERROR",
        error: "invalid_token",
        clientId: "c1",
        userId,
        sessionId,
        details: { reason: "Client 'c1' is not in the token audience", ...details },
      },
    ]);
    const other = await introspect({ ...as("c2"), token: tokens.refresh_token });
    assert.deepEqual(other.body, { active: false });
    const skipping = await introspect({ ...as("c3"), token: tokens.refresh_token });
    assert.equal(skipping.body.active, true);
    assert.equal(skipping.body.typ, "Refresh");
    assert.deepEqual(skipping.events, [{ type: "INTROSPECT_TOKEN", clientId: "c3", userId, sessionId, details }]);
  });

  it("with token_type_hint refresh_token: active for its own client only, whatever the audience attribute", async () => {
    const own = await introspect({ ...as("c1"), token: tokens.refresh_token, token_type_hint: "refresh_token" });
    assert.equal(own.body.active, true);
    assert.equal(own.body.azp, "c1");
    assert.equal(own.events[0]!.type, "INTROSPECT_TOKEN");
    for (const clientId of ["c2", "c3"]) {
      const other = await introspect({
        ...as(clientId),
        token: tokens.refresh_token,
        token_type_hint: "refresh_token",
      });
      assert.deepEqual(other.body, { active: false }, clientId);
      assert.deepEqual(other.events, [], "Keycloak records nothing");
    }
    const access = await introspect({ ...as("c3"), token: tokens.access_token, token_type_hint: "refresh_token" });
    assert.deepEqual(access.body, { active: false });
    assert.equal(access.events[0]!.error, "invalid_token_type");
    assert.equal(
      (access.events[0]!.details as Record<string, string>).reason,
      "Introspection access token for c1 client: invalid_token_type",
    );
  });

  it("an ID token is active for a client in its audience", async () => {
    assert.equal((await introspect({ ...as("c1"), token: tokens.id_token })).body.active, true);
    assert.deepEqual((await introspect({ ...as("c2"), token: tokens.id_token })).body, { active: false });
  });

  it("records the refusals with Keycloak's errors", async () => {
    const method = { client_auth_method: "client-secret" };
    const garbage = await introspect({ ...as("c1"), token: "garbage" });
    assert.deepEqual(garbage.body, { active: false });
    assert.deepEqual(garbage.events, [
      {
        type: "INTROSPECT_TOKEN_ERROR",
        error: "invalid_token",
        clientId: "c1",
        details: { reason: "Access token JWT check failed", ...method },
      },
    ]);
    const missing = await introspect(as("c1"));
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.events, [
      {
        type: "INTROSPECT_TOKEN_ERROR",
        error: "invalid_request",
        clientId: "c1",
        details: { detail: "Token not provided.", ...method },
      },
    ]);
    const hint = await introspect({ ...as("c1"), token: tokens.refresh_token, token_type_hint: "junk" });
    assert.equal(hint.status, 400);
    assert.deepEqual(hint.body, { error: "invalid_request", error_description: "Unsupported token type." });
    const badSecret = await introspect({ client_id: "c1", client_secret: "x", token: tokens.access_token });
    assert.equal(badSecret.status, 401);
    assert.deepEqual(badSecret.body, { error: "invalid_client", error_description: "Client authentication failed." });
    assert.deepEqual(badSecret.events.map((e) => e.error).sort(), ["invalid_client", "invalid_client_credentials"]);
    const unknown = await introspect({ client_id: "nope", client_secret: "s", token: tokens.access_token });
    assert.equal(unknown.status, 401);
    assert.deepEqual(unknown.events, [{ type: "INTROSPECT_TOKEN_ERROR", error: "client_not_found", clientId: "nope" }]);

    const sessionId = String(decodeJwt(tokens.access_token).sid);
    await kc.realms.removeSession({ realm: REALM, sessionId });
    const gone = await introspect({ ...as("c3"), token: tokens.access_token });
    assert.deepEqual(gone.body, { active: false });
    assert.equal(gone.events[0]!.error, "user_session_not_found");
    assert.equal(
      (gone.events[0]!.details as Record<string, string>).reason,
      "Introspection access token for c1 client: user_session_not_found",
    );
  });
});
