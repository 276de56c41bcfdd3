import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { accessNamesFromToken, canCreateRealmFromToken } from "../../src/core/access/token-access.ts";
import { fetchWhoAmI } from "../../src/core/api/who-am-i.ts";
import type { KeycloakAdminClient } from "../../src/core/api/admin-client.ts";
import { decodeTokenClaims, issuerRealm } from "../../src/core/auth/token-claims.ts";
import { providerSession } from "../../src/core/auth/host-token-sessions.ts";
import { TokenSourceError } from "../../src/core/auth/token-source-error.ts";
import { signInWithKeycloak } from "../../src/core/auth/keycloak-sign-in.ts";
import { ownSignInPossible, pageSignInUnderway, returningFromSignIn } from "../../src/core/runtime/host-token-wait.ts";
import { startupErrorDetail } from "../../src/core/runtime/startup-error.ts";

const toBase64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: Record<string, unknown>) => `${toBase64Url({ alg: "RS256" })}.${toBase64Url(claims)}.sig`;

/** An admin call's failure as @keycloak/keycloak-admin-client throws it. */
const httpError = (status: number, body: unknown) =>
  Object.assign(new Error(`HTTP ${status}`), { response: { status }, responseData: body });

const masterAdmin = {
  iss: "http://server/realms/master",
  azp: "my-portal",
  sub: "u-1",
  preferred_username: "admin",
  name: "Ada Ministrator",
  locale: "de",
  realm_access: { roles: ["admin", "create-realm", "offline_access"] },
  resource_access: {
    "demo-realm": { roles: ["query-users", "manage-users", "view-users"] },
    "master-realm": { roles: ["view-realm"] },
  },
};

describe("access from the token's own roles", () => {
  it("decodes the payload, UTF-8 names included, and tells unreadable tokens apart", () => {
    const claims = decodeTokenClaims(jwt({ ...masterAdmin, name: "Zoë Ørsted" }));
    expect(claims?.name).toBe("Zoë Ørsted");
    expect(issuerRealm(claims!)).toBe("master");
    expect(decodeTokenClaims("not-a-token")).toBeUndefined();
    expect(decodeTokenClaims("a.%%%.c")).toBeUndefined();
    expect(decodeTokenClaims(undefined)).toBeUndefined();
  });

  it("from master: the {realm}-realm client's roles and admin; create-realm from the realm role", () => {
    expect(accessNamesFromToken(masterAdmin, "master", "demo")).toEqual([
      "query-users",
      "manage-users",
      "view-users",
      "admin",
    ]);
    expect(accessNamesFromToken(masterAdmin, "master", "other")).toEqual(["admin"]);
    expect(canCreateRealmFromToken(masterAdmin, "master")).toBe(true);
  });

  it("inside a realm: realm-management's roles for that realm only", () => {
    const realmAdmin = { resource_access: { "realm-management": { roles: ["realm-admin", "query-users"] } } };
    expect(accessNamesFromToken(realmAdmin, "demo", "demo")).toEqual(["realm-admin", "query-users"]);
    expect(accessNamesFromToken(realmAdmin, "demo", "other")).toEqual([]);
    expect(canCreateRealmFromToken(realmAdmin, "demo")).toBe(false);
  });

  it("who-am-I refused with 403: the user and access come from the token, the refusal is kept", async () => {
    const client = { whoAmI: { find: () => Promise.reject(httpError(403, { error: "HTTP 403 Forbidden" })) } };
    const whoAmI = await fetchWhoAmI(client as unknown as KeycloakAdminClient, "master", "demo", async () =>
      jwt(masterAdmin),
    );
    expect(whoAmI).toMatchObject({
      userId: "u-1",
      displayName: "Ada Ministrator",
      locale: "de",
      createRealm: true,
      accessFromToken: true,
      realm_access: { demo: ["query-users", "manage-users", "view-users", "admin"] },
      refusal: { clientId: "my-portal", detail: { stage: "who-am-I", status: 403 } },
    });
  });

  it("who-am-I unanswered while the server answers (Keycloak's refusal has no CORS headers): access from the token", async () => {
    const server = createServer((req, res) => {
      const found = req.url === "/realms/master/.well-known/openid-configuration";
      res.writeHead(found ? 200 : 404, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const blocked = () => Promise.reject(new TypeError("Failed to fetch"));
    try {
      const client = { baseUrl, whoAmI: { find: blocked } };
      const whoAmI = await fetchWhoAmI(client as unknown as KeycloakAdminClient, "master", "demo", async () =>
        jwt(masterAdmin),
      );
      expect(whoAmI).toMatchObject({
        accessFromToken: true,
        realm_access: { demo: ["query-users", "manage-users", "view-users", "admin"] },
        refusal: { clientId: "my-portal", detail: { stage: "who-am-I", status: 403 } },
      });
      // No server at all: a network failure, no access.
      const gone = { baseUrl: `${baseUrl}/nothing-here`, whoAmI: { find: blocked } };
      const unreachable = await fetchWhoAmI(gone as unknown as KeycloakAdminClient, "master", "demo", async () =>
        jwt(masterAdmin),
      );
      expect(unreachable.accessFromToken).toBeUndefined();
      expect(unreachable.refusal?.detail.stage).toBe("network");
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });

  it("who-am-I failing otherwise gives no access and says why, naming a realm mismatch", async () => {
    const client = { whoAmI: { find: () => Promise.reject(httpError(401, { error: "HTTP 401 Unauthorized" })) } };
    const token = jwt({ ...masterAdmin, iss: "http://server/realms/demo" });
    const whoAmI = await fetchWhoAmI(client as unknown as KeycloakAdminClient, "master", "demo", async () => token);
    expect(whoAmI.accessFromToken).toBeUndefined();
    expect(whoAmI.realm_access).toEqual({});
    expect(whoAmI.refusal?.detail).toEqual({
      stage: "token",
      status: 401,
      message: "HTTP 401 Unauthorized (the token comes from realm 'demo', auth-realm is 'master')",
    });
  });
});

describe("start-up failures", () => {
  it("classifies a failing token source, a rejected token, no answer and a stage's own failure", async () => {
    const throwing = providerSession(() => {
      throw new Error("session over");
    });
    const thrown = await throwing.getAccessToken().catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(TokenSourceError);
    expect(startupErrorDetail("server-info", thrown)).toEqual({
      stage: "token",
      message: "The page's token provider failed: session over",
    });
    const empty = await providerSession(() => undefined)
      .getAccessToken()
      .catch((error: unknown) => error);
    expect(startupErrorDetail("who-am-I", empty).stage).toBe("token");
    // An expired token is told by its exp claim, before a request Keycloak would refuse without CORS headers.
    const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, "")}.sig`;
    const expired = await providerSession(() => jwt({ exp: 1_700_000_000 }))
      .getAccessToken()
      .catch((error: unknown) => error);
    expect(startupErrorDetail("who-am-I", expired)).toEqual({
      stage: "token",
      status: 401,
      message: "The page's token provider gave a token that expired at 2023-11-14T22:13:20.000Z",
    });
    const fresh = jwt({ exp: Math.floor(Date.now() / 1000) + 300 });
    expect(await providerSession(() => fresh).getAccessToken()).toBe(fresh);
    expect(startupErrorDetail("server-info", httpError(401, { error: "expired" }))).toEqual({
      stage: "token",
      status: 401,
      message: "expired",
    });
    expect(startupErrorDetail("server-info", new TypeError("Failed to fetch"))).toEqual({
      stage: "network",
      message: "Failed to fetch",
    });
    expect(startupErrorDetail("server-info", httpError(500, { errorMessage: "boom" }))).toEqual({
      stage: "server-info",
      status: 500,
      message: "boom",
    });
  });
});

describe("waiting for the host's token", () => {
  it("signs in by itself only where the default client can: the server's origin, or a chosen client", () => {
    expect(ownSignInPossible({ serverUrl: "http://kc:8180" }, "http://kc:8180")).toBe(true);
    expect(ownSignInPossible({}, "http://portal")).toBe(true);
    expect(ownSignInPossible({ serverUrl: "http://kc:8180" }, "http://portal")).toBe(false);
    expect(ownSignInPossible({ serverUrl: "http://kc:8180", clientId: "portal-admin" }, "http://portal")).toBe(true);
  });

  it("knows keycloak-js coming back from the login page", () => {
    expect(returningFromSignIn("http://kc/admin/?state=s&session_state=x&code=c")).toBe(true);
    expect(returningFromSignIn("http://kc/admin/#state=s&error=login_required")).toBe(true);
    expect(returningFromSignIn("http://kc/admin/?code=c")).toBe(false);
    expect(returningFromSignIn("http://kc/admin/")).toBe(false);
  });

  it("starts at once when the page already signs in with the element's settings (the console page does)", () => {
    const settings = { serverUrl: "http://kc:8180", authRealm: "master", clientId: "security-admin-console" };
    expect(pageSignInUnderway(settings)).toBe(false);
    void signInWithKeycloak({
      serverUrl: "http://kc:8180/",
      realm: "master",
      clientId: "security-admin-console",
    }).catch(() => undefined);
    expect(pageSignInUnderway(settings)).toBe(true);
    expect(pageSignInUnderway({ ...settings, clientId: "portal-admin" })).toBe(false);
    expect(pageSignInUnderway({ ...settings, authRealm: "demo" })).toBe(false);
  });
});
