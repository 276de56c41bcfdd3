import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import {
  type Api,
  createClient,
  createRealm,
  createUser,
  idFromLocation,
  json,
  startAdminServer,
} from "../support/admin-api.ts";
import { adminRoutes, queryReadersWithoutSchema, type AdminRoute } from "../support/admin-routes.ts";

const REALM = "bad-input";

/** Bodies no admin endpoint can read as its representation. */
const MALFORMED_BODIES: [string, string][] = [
  ["array of numbers", "[1]"],
  ["number", "123"],
  ["truncated JSON", '{"name":'],
  ["prototype keys", '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
  [
    "every common field of the wrong type",
    JSON.stringify({
      name: { a: 1 },
      username: { a: 1 },
      clientId: { a: 1 },
      realm: { a: 1 },
      alias: { a: 1 },
      displayName: { a: 1 },
      description: [1],
      enabled: "abc",
      accessTokenLifespan: "abc",
      attributes: { x: { a: 1 } },
      config: { x: { a: 1 } },
      redirectUris: { a: 1 },
      groups: [{ a: 1 }],
      composites: "x",
      value: { a: 1 },
    }),
  ],
  ["a 1 MB name", JSON.stringify({ name: "n".repeat(1_000_000), username: "u".repeat(1_000_000) })],
];

const MALFORMED_QUERY = "?first=abc&max=-x&q=constructor:x&search=__proto__&briefRepresentation=maybe&exact=%7B%7D";

/**
 * What is wrong with an answer to malformed input: a 5xx, or a 4xx without Keycloak's error body
 * (`{ error, error_description? }` or `{ errorMessage, field?, params? }`); undefined when fine.
 */
async function problemWith(res: Response, what: string): Promise<string | undefined> {
  const text = await res.text();
  // Keycloak's ProfileHelper.requireFeature: a route of a feature that is off (fine-grained permissions v1).
  if (res.status === 501 && JSON.parse(text).error === "Feature not enabled") return undefined;
  // Keycloak's testSMTPConnection: any map is read, and a mail that cannot be sent is its documented 500.
  if (res.status === 500 && what.includes("/testSMTPConnection ") && text === '{"errorMessage":"Failed to send email"}')
    return undefined;
  if (res.status >= 500) return `${what}: ${res.status} ${text.slice(0, 200)}`;
  if (res.status < 400) return undefined;
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return `${what}: ${res.status} not JSON: ${text.slice(0, 200)}`;
  }
  const shaped = typeof body.error === "string" || typeof body.errorMessage === "string" || Array.isArray(body.errors);
  return shaped ? undefined : `${what}: ${res.status} ${text.slice(0, 200)}`;
}

describe("malformed input on every admin route", () => {
  let server: TestServer;
  let api: Api;
  let routes: AdminRoute[];
  const ids: Record<string, string> = {};

  before(async () => {
    ({ server, api } = await startAdminServer());
    routes = await adminRoutes();
    await createRealm(api, REALM);
    ids.user = await createUser(api, REALM, "target");
    ids.client = await createClient(api, REALM, { clientId: "target-client" });
    const group = await api(`/admin/realms/${REALM}/groups`, { method: "POST", body: { name: "target-group" } });
    ids.group = idFromLocation(group);
    await api(`/admin/realms/${REALM}/roles`, { method: "POST", body: { name: "target-role" } });
    ids.role = (await json(await api(`/admin/realms/${REALM}/roles/target-role`))).id;
  });
  after(() => server.dispose());

  /** The route's path with real ids where a parameter names one, so handlers run past their lookups. */
  function pathOf(route: AdminRoute): string {
    return route.url
      .replace(":realm", REALM)
      .replace(/\/users\/:id/, `/users/${ids.user}`)
      .replace(/\/clients\/:id/, `/clients/${ids.client}`)
      .replace(/\/clients\/:clientUuid/, `/clients/${ids.client}`)
      .replace(/\/groups\/:id/, `/groups/${ids.group}`)
      .replace(/\/groups\/:groupId/, `/groups/${ids.group}`)
      .replace(/\/roles-by-id\/:[\w-]+/, `/roles-by-id/${ids.role}`)
      .replace(/\/roles\/:roleName/, "/roles/target-role")
      .replace(/:[\w-]+/g, "unknown");
  }

  test("no body makes a route answer 5xx, and every 4xx has Keycloak's error shape", async () => {
    const writes = routes.filter((r) => r.method === "POST" || r.method === "PUT");
    assert.ok(writes.length > 80, `only ${writes.length} write routes found`);
    const problems: string[] = [];
    for (const route of writes) {
      for (const [label, body] of MALFORMED_BODIES) {
        const res = await api(pathOf(route), {
          method: route.method,
          body,
          headers: { "content-type": "application/json" },
        });
        const problem = await problemWith(res, `${route.method} ${route.url} with ${label}`);
        if (problem) problems.push(problem);
      }
    }
    assert.deepEqual(problems, []);
  });

  test("no query makes a read route answer 5xx", async () => {
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.method === "GET")) {
      const problem = await problemWith(await api(pathOf(route) + MALFORMED_QUERY), `GET ${route.url}`);
      if (problem) problems.push(problem);
    }
    assert.deepEqual(problems, []);
  });

  test("every admin POST and PUT declares a body schema", () => {
    const missing = routes
      .filter((r) => (r.method === "POST" || r.method === "PUT") && !r.hasBodySchema)
      .map((r) => `${r.method} ${r.url}`);
    assert.deepEqual(missing, []);
  });

  test("every admin route whose handler reads the query declares a querystring schema", () => {
    const missing = queryReadersWithoutSchema().filter((r) => /^(admin|access)\//.test(r.file));
    assert.deepEqual(missing, []);
  });

  test("every route of a representation-taking endpoint declares its body schema", () => {
    const representations = [
      "POST /admin/realms",
      "PUT /admin/realms/:realm",
      "POST /admin/realms/:realm/users",
      "PUT /admin/realms/:realm/users/:id",
      "POST /admin/realms/:realm/groups",
      "PUT /admin/realms/:realm/groups/:id",
      "POST /admin/realms/:realm/clients",
      "PUT /admin/realms/:realm/clients/:id",
      "POST /admin/realms/:realm/client-scopes",
    ];
    const declared = new Set(routes.filter((r) => r.hasBodySchema).map((r) => `${r.method} ${r.url}`));
    for (const route of representations) assert.ok(declared.has(route), `${route} has no body schema`);
  });
});

describe("the issue's examples answer 4xx and store nothing", () => {
  let server: TestServer;
  let api: Api;
  const realm = "examples";
  const send = (path: string, method: string, body: unknown) =>
    api(path, {
      method,
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, realm);
    await createUser(api, realm, "cafe-owner");
  });
  after(() => server.dispose());

  test("realm updates of the wrong type are 400 Cannot parse the JSON and change nothing", async () => {
    const before = await json(await api(`/admin/realms/${realm}`));
    for (const body of [{ displayName: { a: 1 } }, { accessTokenLifespan: "abc" }, [1]]) {
      const res = await send(`/admin/realms/${realm}`, "PUT", body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(await res.json(), { error: "unknown_error", error_description: "Cannot parse the JSON" });
    }
    const after = await json(await api(`/admin/realms/${realm}`));
    assert.deepEqual(after, before);
    assert.equal(after["0"], undefined);
    // Jackson reads "123" for an int, so do we.
    assert.equal((await send(`/admin/realms/${realm}`, "PUT", { accessTokenLifespan: "123" })).status, 204);
    assert.equal((await json(await api(`/admin/realms/${realm}`))).accessTokenLifespan, 123);
  });

  test("an empty JSON body is no body: a DELETE takes it, a write that needs a body refuses it and changes nothing", async () => {
    const group = idFromLocation(await send(`/admin/realms/${realm}/groups`, "POST", { name: "short-lived" }));
    assert.equal((await send(`/admin/realms/${realm}/groups/${group}`, "DELETE", "")).status, 204);
    assert.equal((await api(`/admin/realms/${realm}/groups/${group}`)).status, 404);
    const before = await json(await api(`/admin/realms/${realm}`));
    const refused = await send(`/admin/realms/${realm}`, "PUT", "");
    assert.equal(refused.status, 400);
    assert.deepEqual(await json(await api(`/admin/realms/${realm}`)), before);
  });

  test("a password policy Keycloak cannot parse is 400 with its message", async () => {
    const res = await send(`/admin/realms/${realm}`, "PUT", { passwordPolicy: "length(abc) and ((((" });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { errorMessage: "Invalid config for length: Not a valid number" });
    assert.equal((await send(`/admin/realms/${realm}`, "PUT", { passwordPolicy: "((((" })).status, 400);
  });

  test("a realm with roles of the wrong shape or a reserved name is refused and not created", async () => {
    assert.equal((await send("/admin/realms", "POST", { realm: "r1", roles: { realm: "x" } })).status, 400);
    for (const name of ["../x30", "a/b", "<x>", ".."]) {
      const res = await send("/admin/realms", "POST", { realm: name });
      assert.equal(res.status, 400, name);
      assert.match((await res.json()).error, /not allowed|path segment/);
    }
    const names = (await json(await api("/admin/realms"))).map((r: { realm: string }) => r.realm);
    assert.deepEqual(names.sort(), ["examples", "master"]);
  });

  test("user creation with groups [1,2] is 400; q=constructor and q=__proto__ filter as any other attribute", async () => {
    assert.equal((await send(`/admin/realms/${realm}/users`, "POST", { username: "g", groups: [1, 2] })).status, 400);
    assert.equal((await send(`/admin/realms/${realm}/users`, "POST", { username: "g", groups: [{}] })).status, 400);
    assert.equal((await json(await api(`/admin/realms/${realm}/users?q=constructor:x`))).length, 0);
    assert.equal((await json(await api(`/admin/realms/${realm}/users?q=__proto__:x`))).length, 0);
    assert.equal((await json(await api(`/admin/realms/${realm}/users?username=g&exact=true`))).length, 0);
  });

  test("boolean query parameters read as Java's Boolean.valueOf: any other word is false, never an error", async () => {
    assert.equal((await send(`/admin/realms/${realm}/users`, "POST", { username: "flag-user" })).status, 201);
    const exactWords = await api(`/admin/realms/${realm}/users?username=flag&exact=maybe`);
    assert.equal(exactWords.status, 200);
    assert.equal((await json(exactWords)).length, 1, "exact=maybe searches as exact=false");
    const exactUpper = await api(`/admin/realms/${realm}/users?username=flag&exact=TRUE`);
    assert.equal((await json(exactUpper)).length, 0, "exact=TRUE searches as exact=true");
    const brief = await api(`/admin/realms/${realm}?briefRepresentation=yes`);
    assert.equal(brief.status, 200);
  });

  test("look-alike usernames do not coexist and attribute values must be strings", async () => {
    assert.equal((await send(`/admin/realms/${realm}/users`, "POST", { username: "caf\u00e9" })).status, 201);
    for (const lookAlike of ["cafe\u0301", "caf\u00e9 ", "caf\u00e9\u200b"]) {
      const res = await send(`/admin/realms/${realm}/users`, "POST", { username: lookAlike });
      assert.ok(res.status === 409 || res.status === 400, `${JSON.stringify(lookAlike)}: ${res.status}`);
    }
    const res = await send(`/admin/realms/${realm}/users`, "POST", { username: "attr", attributes: { a: { b: 1 } } });
    assert.equal(res.status, 400);
    assert.equal((await json(await api(`/admin/realms/${realm}/users?username=attr&exact=true`))).length, 0);
  });

  test("javascript: URLs on a client are 400 invalid_input and the client is not created", async () => {
    for (const rep of [
      { clientId: "js1", redirectUris: ["javascript:alert(1)"] },
      { clientId: "js2", rootUrl: "javascript:alert(1)" },
      { clientId: "js3", baseUrl: "JavaScript:alert(1)" },
    ]) {
      const res = await send(`/admin/realms/${realm}/clients`, "POST", rep);
      assert.equal(res.status, 400);
      assert.equal((await res.json()).error, "invalid_input");
    }
    assert.equal((await json(await api(`/admin/realms/${realm}/clients?clientId=js1`))).length, 0);
  });

  test("names longer than Keycloak's 255-character columns are 400", async () => {
    const long = "x".repeat(20_000);
    assert.equal((await send(`/admin/realms/${realm}/groups`, "POST", { name: long })).status, 400);
    assert.equal((await send(`/admin/realms/${realm}/roles`, "POST", { name: long })).status, 400);
    assert.equal((await send(`/admin/realms/${realm}/roles`, "POST", { name: "r", description: long })).status, 400);
    assert.equal((await json(await api(`/admin/realms/${realm}/groups`))).length, 0);
  });

  test("without a valid token a malformed body is 401, as Keycloak authenticates before it reads the body", async () => {
    for (const token of [undefined, "not-a-token"]) {
      const res = await fetch(`${server.baseUrl}/admin/realms/${realm}/users`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: "{ not json",
      });
      assert.equal(res.status, 401, String(token));
    }
    const preflight = await fetch(`${server.baseUrl}/admin/realms/${realm}/users`, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:1", "access-control-request-method": "POST" },
    });
    assert.notEqual(preflight.status, 401, "a CORS preflight needs no token");
  });

  test("creating a realm needs create-realm in the token's scope", async () => {
    await send("/admin/realms/master/clients", "POST", {
      clientId: "narrow-admin",
      publicClient: true,
      directAccessGrantsEnabled: true,
      fullScopeAllowed: false,
    });
    const token = await fetch(`${server.baseUrl}/realms/master/protocol/openid-connect/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "narrow-admin",
        username: "admin",
        password: "admin",
      }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const res = await fetch(`${server.baseUrl}/admin/realms`, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ realm: "narrow" }),
    });
    assert.equal(res.status, 403);
    assert.equal((await api("/admin/realms/narrow")).status, 404);
  });
});

describe("each admin area refuses bodies of the wrong type and stores nothing", () => {
  let server: TestServer;
  let api: Api;
  const realm = "areas";
  const base = `/admin/realms/${realm}`;
  const send = (path: string, method: string, body: unknown) =>
    api(`${base}${path}`, {
      method,
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });
  const unparsable = { error: "unknown_error", error_description: "Cannot parse the JSON" };

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, realm);
    await send("", "PUT", { organizationsEnabled: true });
  });
  after(() => server.dispose());

  test("organizations: a name or domain of the wrong type, or an invalid domain, creates nothing", async () => {
    for (const rep of [
      { name: { a: 1 } },
      { name: "o1", domains: [{ name: { a: 1 } }] },
      { name: "o1", domains: "x" },
    ]) {
      const res = await send("/organizations", "POST", rep);
      assert.equal(res.status, 400, JSON.stringify(rep));
      assert.deepEqual(await res.json(), unparsable);
    }
    const invalid = await send("/organizations", "POST", { name: "o1", domains: [{ name: "not a domain!" }] });
    assert.equal(invalid.status, 400);
    assert.equal((await api(`${base}/organizations?first=abc`)).status, 404);
    assert.deepEqual(await json(await api(`${base}/organizations`)), []);
  });

  test("identity providers: javascript: endpoints and config objects are refused and nothing is stored", async () => {
    const rep = { alias: "idp1", providerId: "oidc", config: { clientId: "c", tokenUrl: "https://idp.example/t" } };
    for (const [url, message] of [
      ["javascript:alert(1)", "The url [authorization_url] is malformed"],
      ["ftp://idp.example/auth", "Invalid protocol/scheme for url [authorization_url]"],
    ]) {
      const res = await send("/identity-provider/instances", "POST", {
        ...rep,
        config: { ...rep.config, authorizationUrl: url },
      });
      assert.equal(res.status, 400, url);
      assert.deepEqual(await res.json(), { errorMessage: message });
    }
    const typed = await send("/identity-provider/instances", "POST", { ...rep, config: { clientId: { a: 1 } } });
    assert.deepEqual(await typed.json(), unparsable);
    assert.deepEqual(await json(await api(`${base}/identity-provider/instances`)), []);
  });

  test("components: a config value of the wrong type creates nothing", async () => {
    const before = (await json(await api(`${base}/components`))).length;
    const res = await send("/components", "POST", {
      name: "k",
      providerId: "rsa-generated",
      providerType: "org.keycloak.keys.KeyProvider",
      config: { priority: [{ a: 1 }] },
    });
    assert.equal(res.status, 400);
    assert.equal((await json(await api(`${base}/components`))).length, before);
  });

  test("authentication: a flow alias of the wrong type creates no flow", async () => {
    const before = (await json(await api(`${base}/authentication/flows`))).length;
    const res = await send("/authentication/flows", "POST", { alias: ["x"], providerId: "basic-flow" });
    assert.deepEqual(await res.json(), unparsable);
    assert.equal((await json(await api(`${base}/authentication/flows`))).length, before);
  });

  test("events config, localization texts and role-mapping removal: wrong types change nothing", async () => {
    const config = await json(await api(`${base}/events/config`));
    assert.equal((await send("/events/config", "PUT", { eventsEnabled: true, eventsListeners: "x" })).status, 400);
    assert.deepEqual(await json(await api(`${base}/events/config`)), config);

    assert.equal((await send("/localization/en", "POST", { greeting: { a: 1 } })).status, 400);
    assert.deepEqual(await json(await api(`${base}/localization/en`)), {});

    const userId = await createUser(api, realm, "mapped");
    const mappings = await json(await api(`${base}/users/${userId}/role-mappings/realm`));
    assert.ok(mappings.length > 0);
    assert.equal((await send(`/users/${userId}/role-mappings/realm`, "DELETE", { name: "x" })).status, 400);
    assert.deepEqual(await json(await api(`${base}/users/${userId}/role-mappings/realm`)), mappings);
  });
});
