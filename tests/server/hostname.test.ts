import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { startTestServer, type TestServer } from "../support/server.ts";

/** A GET with any Host header (fetch does not let a caller set one). */
function getJson(url: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  return new Promise((ok, fail) => {
    request(url, { headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => ok(JSON.parse(body) as Record<string, unknown>));
    })
      .on("error", fail)
      .end();
  });
}

/** Keycloak 26's hostname v2 and proxy headers: which address the server's own URLs carry. */
describe("frontend URL: --hostname and --proxy-headers", () => {
  let plain: TestServer;
  let proxied: TestServer;
  let fullUrl: TestServer;
  let hostOnly: TestServer;

  before(async () => {
    const args = (...more: string[]) => ({ args: ["--seed-demo", "false", ...more] });
    [plain, proxied, fullUrl, hostOnly] = await Promise.all([
      startTestServer(args()),
      startTestServer(args("--proxy-headers", "xforwarded")),
      startTestServer(args("--hostname", "https://id.example.test/auth/")),
      startTestServer(args("--hostname", "id.example.test")),
    ]);
  });

  after(async () => {
    await Promise.all([plain, proxied, fullUrl, hostOnly].map((server) => server?.dispose()));
  });

  const issuer = async (server: TestServer, headers: Record<string, string> = {}) =>
    (await getJson(`${server.baseUrl}/realms/master/.well-known/openid-configuration`, headers)).issuer;
  const FORWARDED = {
    "x-forwarded-host": "sso.example.test",
    "x-forwarded-proto": "https",
    "x-forwarded-port": "8443",
  };

  const passwordToken = async (server: TestServer, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.baseUrl}/realms/master/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "admin-cli",
        username: "admin",
        password: "admin",
      }),
    });
    assert.equal(res.status, 200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const claims = (token: string) =>
    JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

  it("without --hostname follows the request's Host and ignores X-Forwarded-* unless told", async () => {
    assert.equal(await issuer(plain), `${plain.baseUrl}/realms/master`);
    assert.equal(
      await issuer(plain, { host: `localhost:${plain.port}` }),
      `http://localhost:${plain.port}/realms/master`,
    );
    assert.equal(await issuer(plain, FORWARDED), `${plain.baseUrl}/realms/master`, "X-Forwarded-* ignored");
    assert.equal(
      await issuer(plain, { host: "bad host<>" }),
      `${plain.baseUrl}/realms/master`,
      "a bad Host is not used",
    );
  });

  it("with --proxy-headers xforwarded honours X-Forwarded-Host, -Proto and -Port", async () => {
    assert.equal(await issuer(proxied, FORWARDED), "https://sso.example.test:8443/realms/master");
    assert.equal(
      await issuer(proxied, { "x-forwarded-host": "sso.example.test", "x-forwarded-proto": "https" }),
      "https://sso.example.test/realms/master",
    );
    assert.equal(await issuer(proxied), `${proxied.baseUrl}/realms/master`);
  });

  it("a token is valid under the address it was issued for, as with Keycloak's dynamic hostname", async () => {
    const token = await passwordToken(proxied, FORWARDED);
    assert.equal(claims(token).iss, "https://sso.example.test:8443/realms/master");
    const whoami = (headers: Record<string, string>) =>
      fetch(`${proxied.baseUrl}/admin/realms/master/users?max=1`, {
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
    assert.equal((await whoami(FORWARDED)).status, 200);
    assert.equal((await whoami({})).status, 401, "the same token at another address has the wrong issuer");
  });

  it("a full --hostname URL fixes scheme, host, port and path for every URL, Location headers too", async () => {
    assert.equal(await issuer(fullUrl), "https://id.example.test/auth/realms/master");
    assert.equal(await issuer(fullUrl, { host: "other.test" }), "https://id.example.test/auth/realms/master");
    const token = await passwordToken(fullUrl);
    assert.equal(claims(token).iss, "https://id.example.test/auth/realms/master");
    const created = await fetch(`${fullUrl.baseUrl}/admin/realms/master/users`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ username: "located" }),
    });
    assert.equal(created.status, 201);
    assert.match(
      created.headers.get("location") ?? "",
      /^https:\/\/id\.example\.test\/auth\/admin\/realms\/master\/users\//,
    );
  });

  it("a bare --hostname keeps the request's scheme and port", async () => {
    assert.equal(await issuer(hostOnly), `http://id.example.test:${hostOnly.port}/realms/master`);
  });

  it("the console page's environment names the frontend URL", async () => {
    const page = await (await fetch(`${proxied.baseUrl}/admin/master/console/`, { headers: FORWARDED })).text();
    if (page.startsWith("Console not built")) return;
    assert.match(page, /"serverBaseUrl":"https:\/\/sso\.example\.test:8443"/);
  });
});
