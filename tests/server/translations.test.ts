import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../support/server.ts";
import { type Api, createRealm, startAdminServer } from "../support/admin-api.ts";

type Entry = { key: string; value: string };

describe("message bundles at /resources/{realm}/{themeType}/{locale}", () => {
  let server: TestServer;
  let api: Api;
  const bundle = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${server.baseUrl}/resources/${path}`, init);
    assert.equal(res.status, 200, path);
    const entries = (await res.json()) as Entry[];
    return { res, texts: new Map(entries.map(({ key, value }) => [key, value])), entries };
  };
  const putText = async (realm: string, locale: string, key: string, text: string) =>
    assert.equal(
      (
        await api(`/admin/realms/${realm}/localization/${locale}/${key}`, {
          method: "PUT",
          body: text,
          headers: { "content-type": "text/plain" },
        })
      ).status,
      204,
    );

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, "second");
    await api("/admin/realms/second/clients", {
      method: "POST",
      body: { clientId: "portal", publicClient: true, webOrigins: ["http://portal.test:3000"] },
    });
  });
  after(async () => server?.dispose());

  it("serves Keycloak's admin messages without a token, as a [{key, value}] list", async () => {
    const { texts, entries } = await bundle("second/admin/en");
    assert.ok(texts.size > 4000, `about 4,200 English keys, got ${texts.size}`);
    assert.equal(texts.get("users"), "Users");
    assert.equal(texts.get("createUser"), "Create user");
    assert.deepEqual(Object.keys(entries[0]).sort(), ["key", "value"]);
  });

  it("reads the properties files right: escapes, continuations and UTF-8", async () => {
    const { texts } = await bundle("second/admin/en");
    assert.ok(!texts.get("unmanagedAttributesHelpText")!.includes("\\"));
    assert.match(texts.get("unmanagedAttributesHelpText")!, /configuration\. By default, unmanaged attributes/);
    for (const [key, value] of texts) assert.ok(!/\\u[0-9a-f]{4}/i.test(value), key);
    const german = (await bundle("second/admin/de")).texts;
    assert.equal(german.get("users"), "Benutzer");
    assert.equal(german.get("realmRoles"), "Realm-Rollen");
    assert.equal((await bundle("second/admin/ja")).texts.get("users"), "ユーザー");
  });

  it("falls back to English per key, and maps pt-BR, zh-CN and zh-TW to the theme's files", async () => {
    const english = (await bundle("second/admin/en")).texts;
    const german = (await bundle("second/admin/de")).texts;
    assert.equal(german.size, english.size);
    const untranslated = [...english.keys()].find((key) => german.get(key) === english.get(key) && key !== "users");
    assert.ok(untranslated, "German lacks some keys; they come in English");
    assert.notEqual((await bundle("second/admin/pt-BR")).texts.get("users"), "Users");
    const simplified = (await bundle("second/admin/zh-CN")).texts.get("users");
    const traditional = (await bundle("second/admin/zh-TW")).texts.get("users");
    assert.ok(simplified && simplified !== "Users" && traditional && traditional !== "Users");
    assert.equal((await bundle("second/admin/zh-Hans")).texts.get("users"), simplified);
    assert.equal((await bundle("second/admin/de-CH")).texts.get("users"), "Benutzer");
    assert.equal((await bundle("second/admin/ar")).texts.get("users"), "Users");
    assert.equal((await bundle("second/admin/not%20a%20locale")).texts.get("users"), "Users");
  });

  it("puts the realm's texts on top: the locale's own, then English ones under the theme's translation", async () => {
    await putText("second", "de", "users", "Konten");
    await putText("second", "de", "ownKey", "Eigener Text");
    await putText("second", "en", "groups", "Teams");
    await putText("second", "en", "realmRoles", "Realm-wide roles");
    await putText("second", "ar", "users", "المستخدمون");
    const german = (await bundle("second/admin/de")).texts;
    assert.equal(german.get("users"), "Konten");
    assert.equal(german.get("ownKey"), "Eigener Text");
    assert.equal(german.get("realmRoles"), "Realm-Rollen", "the German theme beats a realm's English text");
    assert.equal((await bundle("second/admin/en")).texts.get("groups"), "Teams");
    const arabic = (await bundle("second/admin/ar")).texts;
    assert.equal(arabic.get("users"), "المستخدمون");
    assert.equal(arabic.get("groups"), "Teams");
    assert.equal(arabic.get("createUser"), "Create user");
    assert.equal((await bundle("master/admin/de")).texts.get("users"), "Benutzer", "other realms keep the theme");
  });

  it("lets a tab keep its copy: an ETag, 304 while the texts are the same, a new ETag once a realm text changes", async () => {
    const url = `${server.baseUrl}/resources/second/admin/ja`;
    const first = await fetch(url, { headers: { "accept-encoding": "br" } });
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("cache-control"), "no-cache");
    assert.equal(first.headers.get("content-encoding"), "br");
    const etag = first.headers.get("etag")!;
    assert.ok(etag);
    assert.equal((await fetch(url, { headers: { "if-none-match": etag } })).status, 304);
    await putText("second", "ja", "users", "アカウント");
    const changed = await fetch(url, { headers: { "if-none-match": etag } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get("etag"), etag);
    const texts = new Map(((await changed.json()) as Entry[]).map(({ key, value }) => [key, value]));
    assert.equal(texts.get("users"), "アカウント");
  });

  it("answers other theme types with the realm's texts, and 404 for an unknown realm or theme type", async () => {
    const login = (await bundle("second/login/de?theme=keycloak")).texts;
    assert.equal(login.get("ownKey"), "Eigener Text");
    assert.equal(login.get("createUser"), undefined);
    assert.equal((await fetch(`${server.baseUrl}/resources/nope/admin/en`)).status, 404);
    assert.equal((await fetch(`${server.baseUrl}/resources/second/nonsense/en`)).status, 404);
  });

  it("sends CORS headers only to origins some client of the realm allows", async () => {
    const allowed = (await bundle("second/admin/de", { headers: { origin: "http://portal.test:3000" } })).res;
    assert.equal(allowed.headers.get("access-control-allow-origin"), "http://portal.test:3000");
    const refused = (await bundle("second/admin/de", { headers: { origin: "http://evil.test" } })).res;
    assert.equal(refused.headers.get("access-control-allow-origin"), null);
    const otherRealm = (await bundle("master/admin/de", { headers: { origin: "http://portal.test:3000" } })).res;
    assert.equal(otherRealm.headers.get("access-control-allow-origin"), null);
    const preflight = await fetch(`${server.baseUrl}/resources/second/admin/de`, {
      method: "OPTIONS",
      headers: { origin: "http://portal.test:3000", "access-control-request-method": "GET" },
    });
    assert.equal(preflight.status, 200);
    assert.equal(preflight.headers.get("access-control-allow-origin"), "http://portal.test:3000");
  });

  it("tells with ?source=true whether each text comes from the theme or the realm", async () => {
    await putText("second", "en", "usersExplain", "Everyone in this realm.");
    const res = await fetch(`${server.baseUrl}/resources/second/admin/en?source=true`);
    assert.equal(res.status, 200);
    const entries = (await res.json()) as (Entry & { source: string })[];
    const byKey = new Map(entries.map((entry) => [entry.key, entry]));
    assert.deepEqual(byKey.get("usersExplain"), {
      key: "usersExplain",
      value: "Everyone in this realm.",
      source: "REALM",
    });
    assert.equal(byKey.get("users")?.source, "THEME");
  });
});
