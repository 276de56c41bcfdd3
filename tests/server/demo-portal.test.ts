import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestServer, type TestServer } from "../support/server.ts";

const SESSION = "/demo/api/portal-session";
const TOKEN = "/demo/api/portal-token";

/** Issue 8: the demo portal's backend serves only its own signed-in visitors, and only with --demo-pages. */
describe("demo portal backend", () => {
  let server: TestServer;
  let plain: TestServer;

  before(async () => {
    [server, plain] = await Promise.all([
      startTestServer({ args: ["--demo-pages"] }),
      startTestServer({ args: ["--seed-demo", "false"] }),
    ]);
  });

  after(async () => {
    await Promise.all([server?.dispose(), plain?.dispose()]);
  });

  const signIn = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${SESSION}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const sessionCookie = (response: Response) => response.headers.get("set-cookie")?.split(";")[0] ?? "";

  it("is off without --demo-pages: no token endpoint, no sign-in, no demo pages", async () => {
    for (const path of [TOKEN, SESSION, "/demo/portal/index.html", "/demo/sign-in/index.html", "/demo/"])
      assert.equal((await fetch(`${plain.baseUrl}${path}`)).status, 404, path);
    assert.equal((await fetch(`${server.baseUrl}/demo/sign-in/index.html`)).status, 200);
  });

  it("serves a demo folder's index page at its address, adding the trailing slash first", async () => {
    const page = await fetch(`${server.baseUrl}/demo/`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-type") ?? "", /text\/html/);
    for (const [path, target] of [
      ["/demo", "/demo/"],
      ["/demo/portal", "/demo/portal/"],
    ]) {
      const moved = await fetch(`${server.baseUrl}${path}`, { redirect: "manual" });
      assert.equal(moved.status, 302, path);
      assert.equal(new URL(moved.headers.get("location")!, server.baseUrl).pathname, target);
    }
    assert.equal((await fetch(`${server.baseUrl}/demo/portal/`)).status, 200);
    assert.equal((await fetch(`${server.baseUrl}/demo/nothing-here/`)).status, 404);
  });

  it("answers no token without a portal session, nor with a made-up one", async () => {
    assert.equal((await fetch(`${server.baseUrl}${TOKEN}`)).status, 401);
    const forged = await fetch(`${server.baseUrl}${TOKEN}`, { headers: { cookie: "NORTHWIND_PORTAL_SESSION=abc" } });
    assert.equal(forged.status, 401);
  });

  it("refuses wrong and malformed sign-ins with Keycloak's text", async () => {
    const wrong = await signIn({ username: "helpdesk", password: "nope" });
    assert.equal(wrong.status, 401);
    assert.deepEqual(await wrong.json(), {
      error: "invalid_grant",
      error_description: "Invalid username or password.",
    });
    assert.equal(wrong.headers.get("set-cookie"), null);
    const unknown = await signIn({ username: "nobody", password: "x" });
    assert.equal(unknown.status, 401);
    assert.equal((await signIn({ username: "helpdesk" })).status, 400);
    assert.equal((await signIn(["helpdesk"])).status, 400);
  });

  it("refuses a sign-in posted by a form or from another origin", async () => {
    const form = await fetch(`${server.baseUrl}${SESSION}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "username=helpdesk&password=helpdesk",
    });
    assert.equal(form.status, 415);
    const crossOrigin = await signIn({ username: "helpdesk", password: "helpdesk" }, { origin: "http://evil.test" });
    assert.equal(crossOrigin.status, 403);
    assert.equal(crossOrigin.headers.get("set-cookie"), null);
  });

  it("signs a visitor in with an HttpOnly, SameSite=Strict cookie that alone unlocks the token, until sign-out", async () => {
    const response = await signIn({ username: "helpdesk", password: "helpdesk" });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { username: "helpdesk" });
    const setCookie = response.headers.get("set-cookie") ?? "";
    assert.match(setCookie, /^NORTHWIND_PORTAL_SESSION=[\w-]{40,};/);
    assert.match(setCookie, /; Path=\/demo\/;/);
    assert.match(setCookie, /; HttpOnly/);
    assert.match(setCookie, /; SameSite=Strict/);
    const cookie = sessionCookie(response);

    const who = await fetch(`${server.baseUrl}${SESSION}`, { headers: { cookie } });
    assert.deepEqual(await who.json(), { username: "helpdesk" });
    const token = await fetch(`${server.baseUrl}${TOKEN}`, { headers: { cookie } });
    assert.equal(token.status, 200);
    assert.equal(token.headers.get("cache-control"), "no-store");
    const body = (await token.json()) as { access_token: string; expires_in: number };
    const claims = JSON.parse(Buffer.from(body.access_token.split(".")[1]!, "base64url").toString()) as Record<
      string,
      unknown
    >;
    assert.equal(claims.azp, "portal");
    assert.equal(claims.iss, `${server.baseUrl}/realms/demo`);
    const users = await fetch(`${server.baseUrl}/admin/realms/demo/users?max=1`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    assert.equal(users.status, 200);

    const other = sessionCookie(await signIn({ username: "alice.anderson", password: "password" }));
    const otherToken = (await (await fetch(`${server.baseUrl}${TOKEN}`, { headers: { cookie: other } })).json()) as {
      access_token: string;
    };
    assert.notEqual(otherToken.access_token, body.access_token, "each session gets its own token");

    const signOut = await fetch(`${server.baseUrl}${SESSION}`, { method: "DELETE", headers: { cookie } });
    assert.equal(signOut.status, 204);
    assert.match(signOut.headers.get("set-cookie") ?? "", /Max-Age=0/);
    assert.equal((await fetch(`${server.baseUrl}${TOKEN}`, { headers: { cookie } })).status, 401);
    assert.equal((await fetch(`${server.baseUrl}${TOKEN}`, { headers: { cookie: other } })).status, 200);
  });
});
