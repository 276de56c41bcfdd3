import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../support/server.ts";

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; frame-src 'self'; frame-ancestors 'self'; object-src 'none'; img-src 'self' data:; connect-src 'self'";

let server: TestServer;
let dist: string;

before(async () => {
  dist = mkdtempSync(join(tmpdir(), "kc-dist-"));
  mkdirSync(join(dist, "console"));
  writeFileSync(
    join(dist, "console/index.html"),
    '<!doctype html><html><head><script type="module" crossorigin src="../console/console-x.js"></script></head><body></body></html>',
  );
  writeFileSync(join(dist, "loader.js"), "export const x = 1;");
  server = await startTestServer({ args: ["--dist-dir", dist, "--seed-demo", "false"] });
});

after(async () => {
  await server?.dispose();
  rmSync(dist, { recursive: true, force: true });
});

describe("static routes", () => {
  test("/ redirects to the master console, /console to /console/", async () => {
    const root = await fetch(`${server.baseUrl}/`, { redirect: "manual" });
    assert.equal(root.status, 302);
    assert.equal(root.headers.get("location"), "/admin/master/console/");
    const bare = await fetch(`${server.baseUrl}/admin/master/console`, { redirect: "manual" });
    assert.equal(bare.status, 302);
    assert.equal(bare.headers.get("location"), "/admin/master/console/");
  });

  test("the console page carries the environment block and the CSP", async () => {
    const res = await fetch(`${server.baseUrl}/admin/master/console/`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-security-policy"), CSP);
    assert.match(res.headers.get("content-type")!, /^text\/html/);
    const html = await res.text();
    const block = /<script id="environment" type="application\/json">(.*?)<\/script>/.exec(html);
    assert.ok(block, html);
    assert.deepEqual(JSON.parse(block[1]), {
      serverBaseUrl: server.baseUrl,
      realm: "master",
      clientId: "security-admin-console",
      scope: "openid",
    });
    assert.match(html, /src="\/elements\/console\/console-x\.js"/);
  });

  test("unknown realm console is 404", async () => {
    assert.equal((await fetch(`${server.baseUrl}/admin/nope/console/`)).status, 404);
  });

  test("/elements/ serves the build with CORS and content types, never outside it", async () => {
    const res = await fetch(`${server.baseUrl}/elements/loader.js`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.match(res.headers.get("content-type")!, /^text\/javascript/);
    assert.equal((await fetch(`${server.baseUrl}/elements/missing.js`)).status, 404);
    assert.equal((await fetch(`${server.baseUrl}/elements/%2e%2e%2fpackage.json`)).status, 404);
  });

  test("without a build the console answers 503", async () => {
    rmSync(join(dist, "console"), { recursive: true });
    const res = await fetch(`${server.baseUrl}/admin/master/console/`);
    assert.equal(res.status, 503);
    assert.equal(await res.text(), "Console not built: run npm run build");
  });
});
