import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import { type Api, createRealm, idFromLocation, json, type Json, startAdminServer } from "../support/admin-api.ts";

const REALM = "comps";
const BASE = `/admin/realms/${REALM}/components`;
const KEY_PROVIDER = "org.keycloak.keys.KeyProvider";

describe("components and keys admin API", () => {
  let server: TestServer;
  let api: Api;
  let realmId: string;

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, REALM);
    realmId = (await json(await api(`/admin/realms/${REALM}`))).id;
  });
  after(async () => server?.dispose());

  it("creates a key provider with 201, generating its key, and never shows it", async () => {
    const res = await api(BASE, {
      method: "POST",
      body: {
        name: "rsa-extra",
        providerId: "rsa-generated",
        providerType: KEY_PROVIDER,
        config: { priority: ["50"], algorithm: ["RS256"] },
      },
    });
    assert.equal(res.status, 201);
    const id = idFromLocation(res);
    assert.equal(res.headers.get("location"), `${server.baseUrl}${BASE}/${id}`);
    const component = await json(await api(`${BASE}/${id}`));
    assert.equal(component.parentId, realmId);
    assert.equal(component.providerType, KEY_PROVIDER);
    // as Keycloak's: only the provider's declared properties, so no generated key material at all
    assert.equal(component.config.privateKey, undefined);
    assert.equal(component.config.certificate, undefined);
    assert.deepEqual(component.config.priority, ["50"]);
  });

  it("lists by type (top level), parent and name", async () => {
    const keys = await json<Json[]>(await api(`${BASE}?type=${KEY_PROVIDER}`));
    assert.ok(keys.some((c) => c.name === "rsa-extra"));
    assert.ok(keys.every((c) => c.providerType === KEY_PROVIDER));
    assert.deepEqual(
      (await json<Json[]>(await api(`${BASE}?name=rsa-extra`))).map((c) => c.name),
      ["rsa-extra"],
    );
    assert.deepEqual(await json(await api(`${BASE}?parent=nobody`)), []);
  });

  it("updates with 204 keeping a masked secret, 404 for unknown ids", async () => {
    const [component] = await json<Json[]>(await api(`${BASE}?name=rsa-extra`));
    const put = await api(`${BASE}/${component.id}`, {
      method: "PUT",
      body: { ...component, config: { ...component.config, priority: ["150"] } },
    });
    assert.equal(put.status, 204);
    const keys = await json(await api(`/admin/realms/${REALM}/keys`));
    const mine = keys.keys.find((k: Json) => k.providerId === component.id);
    assert.equal(mine.providerPriority, 150);
    assert.equal(mine.algorithm, "RS256");
    assert.equal(mine.type, "RSA");
    assert.equal(mine.use, "SIG");
    assert.equal(mine.status, "ACTIVE");
    assert.match(mine.publicKey, /^MII/);
    assert.equal(keys.active.RS256, mine.kid, "the highest priority key is the active one");
    assert.equal((await api(`${BASE}/nope`)).status, 404);
  });

  it("stores LDAP-style sub-components and deletes them with their parent", async () => {
    const parent = idFromLocation(
      await api(BASE, {
        method: "POST",
        body: {
          name: "ldap",
          providerId: "ldap",
          providerType: "org.keycloak.storage.UserStorageProvider",
          // Keycloak refuses an LDAP provider without an edit mode ("Edit Mode is mandatory").
          config: { enabled: ["true"], bindCredential: ["pw"], editMode: ["READ_ONLY"] },
        },
      }),
    );
    const child = idFromLocation(
      await api(BASE, {
        method: "POST",
        body: {
          name: "username",
          providerId: "user-attribute-ldap-mapper",
          providerType: "org.keycloak.storage.ldap.mappers.LDAPStorageMapper",
          parentId: parent,
          config: { "user.model.attribute": ["username"], "ldap.attribute": ["uid"] },
        },
      }),
    );
    const children = (await json<Json[]>(await api(`${BASE}?parent=${parent}`))).map((c) => c.id);
    assert.ok(children.includes(child));
    assert.equal(
      children.length,
      8,
      "Keycloak's seven default LDAP mappers (Kerberos principal included) and the added one",
    );
    const subTypes = await json<Json[]>(
      await api(`${BASE}/${parent}/sub-component-types?type=org.keycloak.storage.ldap.mappers.LDAPStorageMapper`),
    );
    assert.ok(subTypes.some((t) => t.id === "user-attribute-ldap-mapper"));
    assert.equal((await json(await api(`/admin/realms/${REALM}/ui-ext/info`))).userProfileProvidersEnabled, true);
    assert.equal((await api(`${BASE}/${parent}`, { method: "DELETE" })).status, 204);
    assert.equal((await api(`${BASE}/${child}`)).status, 404);
  });

  it("refuses a component without providerType (400)", async () => {
    assert.equal((await api(BASE, { method: "POST", body: { name: "x", providerId: "rsa" } })).status, 400);
  });

  it("keeps components across a restart", async () => {
    await server.stop();
    await server.restart();
    assert.equal((await json<Json[]>(await api(`${BASE}?name=rsa-extra`))).length, 1);
  });
});
