import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { TestServer } from "../../support/server.ts";
import { type Api, createRealm, json, startAdminServer } from "../../support/admin-api.ts";

/** The realm's columns as Keycloak's database has them: map value types and lengths. */
describe("realm updates store only what Keycloak's columns hold", () => {
  let server: TestServer;
  let api: Api;
  const realm = "columns";
  const put = (body: unknown) => api(`/admin/realms/${realm}`, { method: "PUT", body });

  before(async () => {
    ({ server, api } = await startAdminServer());
    await createRealm(api, realm, { smtpServer: { host: "mail.example", from: "a@b.example" } });
  });
  after(() => server.dispose());

  test("values of the wrong type or over their column are 400 and change nothing", async () => {
    const before = await json(await api(`/admin/realms/${realm}`));
    const long = "x".repeat(100_000);
    const refused: [string, unknown][] = [
      ["an smtpServer value that is an object", { smtpServer: { k: { n: 1 } } }],
      ["an smtpServer value that is a list", { smtpServer: { k: ["a"] } }],
      ["an smtpServer value over 255", { smtpServer: { host: "h".repeat(256) } }],
      ["sslRequired of 100 KB", { sslRequired: long }],
      ["sslRequired that is no SslRequired", { sslRequired: "sometimes" }],
      ["a password policy over 2550", { passwordPolicy: `length(${"1".repeat(2600)})` }],
      ["an OTP policy type over 36", { otpPolicyType: "t".repeat(37) }],
      ["a login theme over 255", { loginTheme: "t".repeat(256) }],
      ["an event type over 255", { enabledEventTypes: ["E".repeat(256)] }],
      ["a localization text that is an object", { localizationTexts: { en: { k: { a: 1 } } } }],
      ["an attribute name over 255", { attributes: { ["a".repeat(256)]: "v" } }],
      ["a default role that is a string", { defaultRole: "x" }],
    ];
    const stored: string[] = [];
    for (const [what, body] of refused) {
      const res = await put(body);
      if (res.status !== 400) stored.push(`${what}: ${res.status} ${(await res.text()).slice(0, 100)}`);
    }
    assert.deepEqual(stored, []);
    assert.deepEqual(await json(await api(`/admin/realms/${realm}`)), before);
  });

  test("Keycloak's own values still go in: scalars as text, any case of sslRequired, long display names", async () => {
    const html = `<div class="kc-logo-text"><span>${"Long name ".repeat(40)}</span></div>`;
    const res = await put({
      smtpServer: { host: "mail.example", port: 587, auth: true, from: "a@b.example" },
      sslRequired: "EXTERNAL",
      displayNameHtml: html,
      localizationTexts: { en: { greeting: "Hello" } },
    });
    assert.equal(res.status, 204, await res.text());
    const after = await json(await api(`/admin/realms/${realm}`));
    assert.equal(after.smtpServer.port, "587");
    assert.equal(after.smtpServer.auth, "true");
    assert.equal(after.sslRequired.toLowerCase(), "external");
    assert.equal(after.displayNameHtml, html);
  });

  test("other representations' maps hold their value types and 255-character names", async () => {
    const base = `/admin/realms/${realm}`;
    const longName = "k".repeat(256);
    const group = await api(`${base}/groups`, { method: "POST", body: { name: "typed" } });
    const groupPath = new URL(group.headers.get("location")!).pathname;
    const client = await api(`${base}/clients`, { method: "POST", body: { clientId: "typed" } });
    const clientPath = new URL(client.headers.get("location")!).pathname;
    const refused: [string, string, string, unknown][] = [
      ["a group attribute name over 255", "PUT", groupPath, { name: "typed", attributes: { [longName]: ["v"] } }],
      ["group clientRoles that are not lists", "PUT", groupPath, { name: "typed", clientRoles: { app: { a: 1 } } }],
      ["a client attribute name over 255", "PUT", clientPath, { clientId: "typed", attributes: { [longName]: "v" } }],
      [
        "client registeredNodes that are not numbers",
        "PUT",
        clientPath,
        { clientId: "typed", registeredNodes: { n: "x" } },
      ],
      [
        "a user attribute name over 255",
        "POST",
        `${base}/users`,
        { username: "typed", attributes: { [longName]: ["v"] } },
      ],
    ];
    const stored: string[] = [];
    for (const [what, method, path, body] of refused) {
      const before = await (await api(path)).text();
      const res = await api(path, { method, body });
      if (res.status !== 400) stored.push(`${what}: ${res.status}`);
      if ((await (await api(path)).text()) !== before) stored.push(`${what}: changed ${path}`);
    }
    assert.deepEqual(stored, []);
  });
});
