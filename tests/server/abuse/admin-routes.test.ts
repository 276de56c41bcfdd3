import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { adminFetch, adminToken, type TestServer } from "../../support/server.ts";
import {
  type Api,
  createClient,
  createClientScope,
  createRealm,
  createUser,
  idFromLocation,
  json,
  startAdminServer,
} from "../../support/admin-api.ts";
import { adminRoutes, type AdminRoute, type JsonSchema } from "../../support/admin-routes.ts";
import { nestedJson } from "../../support/abuse.ts";
import { consoleToken } from "../oidc-flow.ts";

/*
 * The standing abuse suite: every admin route the server declares (Fastify's route table, so a route added later is
 * covered without editing this file) gets malformed bodies and queries. It must never answer 5xx, and a request it
 * refuses must change nothing: the route's object (the GET at the same address) reads back identical. Afterwards, and
 * after a restart, the realm, its login page and the console's first requests still answer 200.
 */

const REALM = "abuse";
const HUNDRED_KB = "x".repeat(100_000);

interface Payload {
  name: string;
  body: string | Buffer;
  contentType?: string;
}

/** Bodies no endpoint reads: refused while parsing, before any handler runs (safe on routes that act without a body). */
const unparsable = (route: AdminRoute): Payload[] => [
  { name: "invalid JSON", body: '{"name":' },
  { name: "JSON with trailing garbage", body: '{"name":"x"} x' },
  { name: "10,000-level nesting", body: nestedJson(10_000) },
  {
    name: `${route.bodyMaxDepth + 1}-level nesting (one over the route's limit)`,
    body: nestedJson(route.bodyMaxDepth + 1),
  },
  { name: "10,000-level array nesting", body: "[".repeat(10_000) + "]".repeat(10_000) },
  {
    name: "invalid UTF-8",
    body: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]),
  },
];

/** Bodies of the wrong shape or content type, for routes that read a body. */
const MALFORMED: Payload[] = [
  { name: "null", body: "null" },
  { name: "an array", body: "[]" },
  { name: "an array of arrays", body: "[[[]]]" },
  { name: "an array of nulls", body: "[null]" },
  { name: "a number", body: "123" },
  { name: "an empty object", body: "{}" },
  { name: "text/plain JSON", body: '{"name":"x"}', contentType: "text/plain" },
  { name: "XML", body: "<x><y/></x>", contentType: "application/xml" },
  { name: "a form", body: "name=x&name=y", contentType: "application/x-www-form-urlencoded" },
  { name: "broken multipart", body: "--b\r\nnothing", contentType: "multipart/form-data; boundary=b" },
  { name: "octet-stream", body: "\u0000\u0001", contentType: "application/octet-stream" },
];

const typesOf = (schema: JsonSchema): string[] =>
  schema.anyOf ? schema.anyOf.flatMap(typesOf) : [schema.type ?? "any"].flat().map(String);

/** A value none of the field's types accepts (Ajv coerces scalars into strings and numbers, never objects). */
function wrongValueFor(schema: JsonSchema): unknown {
  const types = typesOf(schema);
  if (types.includes("any")) return undefined;
  if (types.includes("object") || types.includes("array")) return types.includes("string") ? 12.5 : "not-this";
  return { not: ["this"] };
}

/** The object schemas a field holds: itself when it declares properties, or its list's items when those do. */
function nestedObjectOf(schema: JsonSchema): { schema: JsonSchema; inList: boolean } | undefined {
  for (const option of schema.anyOf ?? [schema]) {
    if (option.properties) return { schema: option, inList: false };
    if (option.items?.properties) return { schema: option.items, inList: true };
  }
  return undefined;
}

/**
 * Per-field bodies: each declared field with a value of the wrong type, and each field one level down (in a nested
 * object or a list of objects) likewise; then every string field at 100 KB.
 */
function fieldPayloads(schema: JsonSchema | undefined): Payload[] {
  const properties = schema?.properties;
  if (!properties) return [];
  const payloads: Payload[] = [];
  for (const [field, fieldSchema] of Object.entries(properties)) {
    const wrong = wrongValueFor(fieldSchema);
    if (wrong !== undefined)
      payloads.push({ name: `${field} of the wrong type`, body: JSON.stringify({ [field]: wrong }) });
    const nested = nestedObjectOf(fieldSchema);
    for (const [inner, innerSchema] of Object.entries(nested?.schema.properties ?? {})) {
      const wrongInner = wrongValueFor(innerSchema);
      if (wrongInner === undefined) continue;
      const object = { [inner]: wrongInner };
      payloads.push({
        name: `${field}.${inner} of the wrong type`,
        body: JSON.stringify({ [field]: nested?.inList ? [object] : object }),
      });
    }
  }
  const strings = Object.entries(properties).filter(([, s]) => typesOf(s).includes("string"));
  if (strings.length)
    payloads.push({
      name: "100 KB in every string field",
      body: JSON.stringify(Object.fromEntries(strings.map(([field]) => [field, HUNDRED_KB]))),
    });
  for (const [field, fieldSchema] of strings)
    if (fieldSchema.maxLength !== undefined)
      payloads.push({
        name: `${field} one over its ${fieldSchema.maxLength} characters`,
        body: JSON.stringify({ [field]: "y".repeat(fieldSchema.maxLength + 1) }),
      });
  return payloads;
}

/**
 * Keycloak's own answers of 5xx status that the server reproduces on purpose (see tests/server/malformed-input.test.ts):
 * a route of a feature that is off (501, ProfileHelper.requireFeature) and an SMTP test whose mail cannot be sent.
 */
function isKeycloaksOwn5xx(route: AdminRoute, status: number, text: string): boolean {
  if (status === 501) return text.includes('"error":"Feature not enabled"');
  return (
    status === 500 && route.url.endsWith("/testSMTPConnection") && text === '{"errorMessage":"Failed to send email"}'
  );
}

/** An endpoint that reads no body (`NoBody`): it acts on any body it can parse, so it only gets unparsable ones. */
const readsNoBody = (route: AdminRoute) => !route.bodySchema || route.bodySchema.description === "not read";

/** Malformed queries: numbers out of range or not numbers, repeated and empty parameters, odd text. */
function malformedQueries(route: AdminRoute): [string, string][] {
  const names = [...new Set(["first", "max", ...Object.keys(route.querySchema?.properties ?? {})])];
  const all = (value: string) => names.map((n) => `${n}=${value}`).join("&");
  return [
    ["negative numbers", all("-1")],
    ["huge numbers", all("99999999999999999999")],
    ["past Java's int", all("2147483648")],
    ["not numbers", all("abc")],
    ["repeated parameters", names.map((n) => `${n}=1&${n}=2`).join("&")],
    ["empty parameters", all("")],
    ["odd text", all("%00%E2%80%AE__proto__")],
    ["invalid percent-encoding", all("%ff%")],
    ["100 KB values", all(HUNDRED_KB.slice(0, 20_000))],
  ];
}

describe("every admin route against malformed bodies and queries", () => {
  let server: TestServer;
  let api: Api;
  let routes: AdminRoute[];
  const ids: Record<string, string> = {};
  let cached: { value: string; at: number } | undefined;
  /** The master admin's token, fetched again before its 60 s run out. */
  const token = async () => {
    if (!cached || Date.now() - cached.at > 30_000)
      cached = { value: await adminToken(server.baseUrl), at: Date.now() };
    return cached.value;
  };

  before(async () => {
    ({ server, api } = await startAdminServer());
    routes = await adminRoutes();
    await createRealm(api, REALM, { organizationsEnabled: true });
    const base = `/admin/realms/${REALM}`;
    ids.user = await createUser(api, REALM, "target-user");
    ids.client = await createClient(api, REALM, { clientId: "target-client" });
    ids.scope = await createClientScope(api, REALM, { name: "target-scope" });
    ids.group = idFromLocation(await api(`${base}/groups`, { method: "POST", body: { name: "target-group" } }));
    await api(`${base}/roles`, { method: "POST", body: { name: "target-role" } });
    await api(`${base}/clients/${ids.client}/roles`, { method: "POST", body: { name: "target-role" } });
    ids.role = (await json(await api(`${base}/roles/target-role`))).id;
    const idp = {
      alias: "target-idp",
      providerId: "oidc",
      config: { clientId: "c", tokenUrl: "https://idp.example/t" },
    };
    assert.equal((await api(`${base}/identity-provider/instances`, { method: "POST", body: idp })).status, 201);
    const mapper = {
      name: "target-mapper",
      protocol: "openid-connect",
      protocolMapper: "oidc-audience-mapper",
      config: {},
    };
    for (const [key, owner] of [
      ["clientMapper", `clients/${ids.client}`],
      ["scopeMapper", `client-scopes/${ids.scope}`],
    ])
      ids[key] = idFromLocation(
        await api(`${base}/${owner}/protocol-mappers/models`, { method: "POST", body: mapper }),
      );
    const org = await api(`${base}/organizations`, {
      method: "POST",
      body: { name: "target-org", domains: [{ name: "abuse.example" }] },
    });
    ids.organization = idFromLocation(org);
    const realmId = (await json(await api(base))).id;
    ids.component = idFromLocation(
      await api(`${base}/components`, {
        method: "POST",
        body: {
          name: "target-key",
          providerId: "hmac-generated",
          providerType: "org.keycloak.keys.KeyProvider",
          parentId: realmId,
          config: { priority: ["1"] },
        },
      }),
    );
    const flows = await json(await api(`${base}/authentication/flows`));
    ids.flow = flows.find((f: { alias: string }) => f.alias === "browser").id;
    ids.execution = (await json(await api(`${base}/authentication/flows/browser/executions`)))[0].id;
    await api(`${base}/localization/en/greeting`, {
      method: "PUT",
      body: "Hello",
      headers: { "content-type": "text/plain" },
    });
  });
  after(() => server.dispose());

  /** The object an `:id` (or other parameter) names, by the collection before it in the path. */
  function pathOf(route: AdminRoute): string {
    const segments = route.url.split("/");
    return segments
      .map((segment, i) => {
        if (!segment.startsWith(":")) return segment;
        const name = segment.slice(1);
        const collection = segments[i - 1];
        const mapperOwner = route.url.includes("/client-scopes/") ? ids.scopeMapper : ids.clientMapper;
        const byCollection: Record<string, string | undefined> = {
          users: ids.user,
          clients: ids.client,
          groups: ids.group,
          "client-scopes": ids.scope,
          "default-default-client-scopes": ids.scope,
          "default-optional-client-scopes": ids.scope,
          "default-client-scopes": ids.scope,
          "optional-client-scopes": ids.scope,
          "roles-by-id": ids.role,
          components: ids.component,
          organizations: ids.organization,
          flows: name === "flowAlias" ? "browser" : ids.flow,
          executions: ids.execution,
          models: mapperOwner,
          instances: "target-idp",
          "identity-providers": "target-idp",
          "federated-identity": "target-idp",
          roles: "target-role",
          localization: "en",
          "default-groups": ids.group,
        };
        const byName: Record<string, string | undefined> = {
          realm: REALM,
          userId: ids.user,
          groupId: ids.group,
          clientUuid: ids.client,
          targetClientUuid: ids.client,
          client: ids.client,
          roleContainerId: ids.client,
          roleName: "target-role",
          roleId: ids.role,
          scopeId: ids.scope,
          mapperId: mapperOwner,
          alias: "target-idp",
          provider: "target-idp",
          locale: "en",
          key: "greeting",
          protocol: "openid-connect",
          flowAlias: "browser",
        };
        return encodeURIComponent(byName[name] ?? byCollection[collection ?? ""] ?? "unknown");
      })
      .join("/");
  }

  const readRoutes = () => new Set(routes.filter((r) => r.method === "GET").map((r) => r.url));

  /** The route's object as JSON text, when a GET answers at the same address. */
  async function readBack(route: AdminRoute, path: string): Promise<string | undefined> {
    if (!readRoutes().has(route.url)) return undefined;
    const res = await api(path);
    return `${res.status} ${await res.text()}`;
  }

  test("no malformed body gets a 5xx, and a refused one changes nothing", async () => {
    const writes = routes.filter((r) => r.method !== "GET" && (r.method !== "DELETE" || !readsNoBody(r)));
    assert.ok(writes.length > 100, `only ${writes.length} write routes found in the route table`);
    const problems: string[] = [];
    let sent = 0;
    for (const route of writes) {
      const path = pathOf(route);
      const refusedWhileParsing = unparsable(route);
      const payloads = readsNoBody(route)
        ? refusedWhileParsing
        : [...refusedWhileParsing, ...MALFORMED, ...fieldPayloads(route.bodySchema)];
      // The object as it reads now; read again only after a request that was not refused (it may have changed it).
      let before = await readBack(route, path);
      for (const payload of payloads) {
        const res = await fetch(`${server.baseUrl}${path}`, {
          method: route.method,
          body: typeof payload.body === "string" ? payload.body : new Uint8Array(payload.body),
          headers: {
            authorization: `Bearer ${await token()}`,
            "content-type": payload.contentType ?? "application/json",
          },
        });
        sent++;
        const what = `${route.method} ${route.url} with ${payload.name}`;
        const text = await res.text();
        if (res.status >= 500 && !isKeycloaksOwn5xx(route, res.status, text))
          problems.push(`${what}: ${res.status} ${text.slice(0, 160)}`);
        if (refusedWhileParsing.includes(payload) && res.status !== 400)
          problems.push(`${what}: ${res.status}, where a body that cannot be parsed is 400 before any handler runs`);
        if (before === undefined) continue;
        const after = await readBack(route, path);
        if (res.status >= 400 && res.status < 500 && after !== before)
          problems.push(`${what}: refused with ${res.status} but GET ${route.url} changed`);
        before = after;
      }
    }
    assert.deepEqual(problems, [], `${problems.length} of ${sent} malformed requests misbehaved`);
  });

  test("no malformed query gets a 5xx", async () => {
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.method === "GET")) {
      for (const [name, query] of malformedQueries(route)) {
        const res = await api(`${pathOf(route)}?${query}`);
        const text = await res.text();
        if (res.status >= 500 && !isKeycloaksOwn5xx(route, res.status, text))
          problems.push(`GET ${route.url} with ${name}: ${res.status} ${text.slice(0, 160)}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test("afterwards, and after a restart, the realm, its login page and the console's first requests answer 200", async () => {
    const consoleBuilt = existsSync(resolve(import.meta.dirname, "../../../dist/console/index.html"));
    for (const restarted of [false, true]) {
      if (restarted) await server.restart();
      const console = adminFetch(server.baseUrl, await consoleToken(server.baseUrl, "master", "admin", "admin"));
      const checks: [string, Promise<Response>, number][] = [
        ["the realm", api(`/admin/realms/${REALM}`), 200],
        ["its users", api(`/admin/realms/${REALM}/users/${ids.user}`), 200],
        ["its client", api(`/admin/realms/${REALM}/clients/${ids.client}`), 200],
        ["its login page", fetch(loginPage(server.baseUrl)), 200],
        ["its discovery document", fetch(`${server.baseUrl}/realms/${REALM}/.well-known/openid-configuration`), 200],
        ["who-am-I", console(`/admin/master/console/whoami?currentRealm=${REALM}`), 200],
        ["server info", console("/admin/serverinfo"), 200],
        ["the realm list", console("/admin/realms?briefRepresentation=true"), 200],
        ["the console's texts", fetch(`${server.baseUrl}/resources/${REALM}/admin/en`), 200],
        ["the console page", fetch(`${server.baseUrl}/admin/${REALM}/console/`), consoleBuilt ? 200 : 503],
      ];
      const wrong: string[] = [];
      for (const [what, pending, expected] of checks) {
        const res = await pending;
        if (res.status !== expected) wrong.push(`${what}: ${res.status} ${(await res.text()).slice(0, 160)}`);
        else await res.arrayBuffer();
      }
      assert.deepEqual(wrong, [], restarted ? "after a restart" : "right after the abuse");
    }
  });
});

function loginPage(baseUrl: string): string {
  const query = new URLSearchParams({
    client_id: "account-console",
    response_type: "code",
    redirect_uri: `${baseUrl}/realms/${REALM}/account/`,
    code_challenge: "x".repeat(43),
    code_challenge_method: "S256",
  });
  return `${baseUrl}/realms/${REALM}/protocol/openid-connect/auth?${query}`;
}
