import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../../support/server.ts";
import { type Api, createRealm, idFromLocation, startAdminServer } from "../../support/admin-api.ts";

const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"];

/** Every place in parsed JSON where a prototype key is an own key, as paths (`attributes.constructor`). */
function prototypeKeyPaths(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => prototypeKeyPaths(item, `${path}[${i}]`));
  if (!value || typeof value !== "object") return [];
  return Object.keys(value).flatMap((key) => [
    ...(PROTOTYPE_KEYS.includes(key) ? [`${path}.${key}`] : []),
    ...prototypeKeyPaths((value as Record<string, unknown>)[key], `${path}.${key}`),
  ]);
}

/**
 * Raw JSON text (a JS object literal cannot carry an own `__proto__` key) with prototype keys at two levels; attribute
 * values are lists (users, groups) or strings (realms, clients).
 */
const withPrototypeKeys = (fields: string, list = false) => {
  const value = (text: string) => (list ? `["${text}"]` : `"${text}"`);
  return (
    `{${fields},"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":"p",` +
    `"attributes":{"constructor":${value("c")},"__proto__":${value("p")},"kept":${value("k")}}}`
  );
};

describe("fields named __proto__, constructor or prototype are dropped at the boundary", () => {
  let server: TestServer;
  let api: Api;
  const realm = "protos";
  const base = `/admin/realms/${realm}`;
  const send = (path: string, method: string, body: string) =>
    api(`${base}${path}`, { method, body, headers: { "content-type": "application/json" } });

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, realm);
  });
  after(() => server.dispose());

  test("realm, user, group and client writes take the rest and store none of them, also after a restart", async () => {
    assert.equal((await send("", "PUT", withPrototypeKeys('"displayName":"Protos"'))).status, 204);
    const user = idFromLocation(await send("/users", "POST", withPrototypeKeys('"username":"proto-user"', true)));
    const group = idFromLocation(await send("/groups", "POST", withPrototypeKeys('"name":"proto-group"', true)));
    const client = idFromLocation(await send("/clients", "POST", withPrototypeKeys('"clientId":"proto-client"')));
    const reads = { realm: "", user: `/users/${user}`, group: `/groups/${group}`, client: `/clients/${client}` };
    for (const restarted of [false, true]) {
      if (restarted) await server.restart();
      for (const [what, path] of Object.entries(reads)) {
        const rep = await (await api(`${base}${path}`)).json();
        assert.deepEqual(prototypeKeyPaths(rep), [], `${what}${restarted ? " after a restart" : ""}`);
      }
      const groupRep = await (await api(`${base}/groups/${group}`)).json();
      assert.deepEqual(groupRep.attributes, { kept: ["k"] });
      assert.equal((await (await api(base)).json()).displayName, "Protos");
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
