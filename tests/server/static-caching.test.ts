import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompress } from "../../build/vite-plugin-precompress.ts";
import { adminToken, startTestServer, type TestServer } from "../support/server.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const CHUNK = "chunks/UsersSection-AbC_12x9.js";
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; frame-src 'self'; frame-ancestors 'self'; object-src 'none'; img-src 'self' data:; connect-src 'self'";

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request without fetch's automatic decompression, so the test sees the bytes on the wire. */
function raw(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  return new Promise((ok, fail) => {
    const req = request(url, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on("error", fail);
    req.end();
  });
}

function decoded(res: RawResponse): Buffer {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.body);
  if (encoding === "gzip") return gunzipSync(res.body);
  assert.equal(encoding, undefined);
  return res.body;
}

const varyFields = (res: RawResponse) =>
  String(res.headers.vary ?? "")
    .split(",")
    .map((field) => field.trim().toLowerCase());

let server: TestServer;
let dist: string;
let chunkSource: Buffer;

before(async () => {
  dist = mkdtempSync(join(tmpdir(), "kc-dist-"));
  mkdirSync(join(dist, "console"));
  mkdirSync(join(dist, "chunks"));
  const rows = Array.from(
    { length: 400 },
    (_, i) => `  { id: "user-${i}", username: "user${i}", enabled: ${i % 3 > 0} },`,
  );
  chunkSource = Buffer.from(`export const users = [\n${rows.join("\n")}\n];\n`);
  writeFileSync(join(dist, CHUNK), chunkSource);
  writeFileSync(
    join(dist, "console/index.html"),
    '<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Administration Console</title>' +
      '<script type="module" crossorigin src="../console/console-Xy12AbCd.js"></script></head>' +
      '<body><main id="console-root"></main></body></html>',
  );
  writeFileSync(join(dist, "loader.js"), `export function define() {}\n${"// the loader\n".repeat(100)}`);
  // The build's own plugin writes the chunk's .br and .gz, as `vite build` does.
  const plugin = precompress() as unknown as {
    writeBundle: (options: { dir: string }, bundle: Record<string, unknown>) => Promise<void>;
  };
  await plugin.writeBundle({ dir: dist }, { [CHUNK]: { fileName: CHUNK } });
  server = await startTestServer({ args: ["--dist-dir", dist, "--seed-demo", "false"] });
});

after(async () => {
  await server?.dispose();
  rmSync(dist, { recursive: true, force: true });
});

describe("caching and compression", () => {
  test("a hashed chunk: the build's br and gz files, immutable for a year, the same bytes in every encoding", async () => {
    const url = `${server.baseUrl}/elements/${CHUNK}`;
    const br = await raw(url, { "accept-encoding": "gzip, deflate, br, zstd" });
    const gzip = await raw(url, { "accept-encoding": "br;q=0, gzip" });
    const plain = await raw(url);
    for (const res of [br, gzip, plain]) {
      assert.equal(res.status, 200);
      assert.equal(res.headers["cache-control"], IMMUTABLE);
      assert.ok(varyFields(res).includes("accept-encoding"), String(res.headers.vary));
      assert.equal(res.headers["access-control-allow-origin"], "*");
      assert.match(String(res.headers["content-type"]), /^text\/javascript/);
      assert.equal(Number(res.headers["content-length"]), res.body.length);
      assert.deepEqual(decoded(res), chunkSource);
    }
    assert.equal(br.headers["content-encoding"], "br");
    assert.equal(gzip.headers["content-encoding"], "gzip");
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.deepEqual(br.body, readFileSync(join(dist, `${CHUNK}.br`)));
    assert.deepEqual(gzip.body, readFileSync(join(dist, `${CHUNK}.gz`)));
    assert.ok(br.body.length * 4 < chunkSource.length, `${br.body.length} of ${chunkSource.length}`);
    assert.notEqual(br.headers.etag, plain.headers.etag, "each encoding has its own strong ETag");
  });

  test("the loader revalidates: no-cache, ETag and Last-Modified, 304 while unchanged, the new file once rebuilt", async () => {
    const url = `${server.baseUrl}/elements/loader.js`;
    const first = await raw(url, { "accept-encoding": "br" });
    assert.equal(first.status, 200);
    assert.equal(first.headers["cache-control"], "no-cache");
    assert.equal(first.headers["content-encoding"], "br");
    assert.match(String(first.headers.etag), /^"[\w-]+"$/);
    assert.ok(first.headers["last-modified"]);
    const etag = String(first.headers.etag);

    const again = await raw(url, { "accept-encoding": "br", "if-none-match": etag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers.etag, etag);
    assert.equal(again.headers["cache-control"], "no-cache");
    const since = await raw(url, { "if-modified-since": String(first.headers["last-modified"]) });
    assert.equal(since.status, 304);

    writeFileSync(join(dist, "loader.js"), "export function define() { /* rebuilt */ }\n");
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dist, "loader.js"), later, later);
    const rebuilt = await raw(url, { "if-none-match": etag });
    assert.equal(rebuilt.status, 200);
    assert.notEqual(rebuilt.headers.etag, etag);
    assert.equal(rebuilt.body.toString(), "export function define() { /* rebuilt */ }\n");
  });

  test("the console page: compressed, no-cache with an ETag over the rendered page, 304, security headers kept", async () => {
    const url = `${server.baseUrl}/admin/master/console/`;
    const page = await raw(url, { "accept-encoding": "gzip, deflate, br" });
    assert.equal(page.status, 200);
    assert.equal(page.headers["content-encoding"], "br");
    assert.equal(page.headers["cache-control"], "no-cache");
    assert.ok(varyFields(page).includes("accept-encoding"));
    assert.equal(page.headers["content-security-policy"], CSP);
    assert.equal(page.headers["x-frame-options"], "SAMEORIGIN");
    assert.equal(page.headers["x-content-type-options"], "nosniff");
    assert.equal(page.headers["referrer-policy"], "no-referrer");
    const html = decoded(page).toString();
    assert.match(html, /<script id="environment" type="application\/json">\{"serverBaseUrl":/);
    assert.match(html, /src="\/elements\/console\/console-Xy12AbCd\.js"/);

    const etag = String(page.headers.etag);
    const unchanged = await raw(url, { "accept-encoding": "gzip, deflate, br", "if-none-match": etag });
    assert.equal(unchanged.status, 304);
    assert.equal(unchanged.body.length, 0);
    const plain = await raw(url, { "if-none-match": '"some-older-page"' });
    assert.equal(plain.status, 200);
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.equal(plain.body.toString(), html);
  });

  test("server info (about 200 KB of JSON) is compressed when the client accepts it, plain when not", async () => {
    const token = await adminToken(server.baseUrl);
    const url = `${server.baseUrl}/admin/serverinfo`;
    const authorization = `Bearer ${token}`;
    const plain = await raw(url, { authorization });
    const br = await raw(url, { authorization, "accept-encoding": "br, gzip" });
    const gzip = await raw(url, { authorization, "accept-encoding": "gzip" });
    assert.equal(plain.status, 200);
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.ok(plain.body.length > 100_000, String(plain.body.length));
    assert.equal(br.headers["content-encoding"], "br");
    assert.equal(gzip.headers["content-encoding"], "gzip");
    for (const res of [plain, br, gzip]) {
      assert.equal(Number(res.headers["content-length"]), res.body.length);
      assert.ok(varyFields(res).includes("accept-encoding"));
      assert.ok(JSON.parse(decoded(res).toString()).systemInfo, "server info's systemInfo");
    }
    assert.ok(br.body.length * 5 < plain.body.length, `${br.body.length} of ${plain.body.length}`);
    const head = await raw(url, { authorization, "accept-encoding": "br" }, "HEAD");
    assert.equal(head.headers["content-encoding"], "br");
    assert.equal(head.body.length, 0);
  });

  test("a small answer is sent as it is", async () => {
    const res = await raw(`${server.baseUrl}/health`, { "accept-encoding": "br, gzip" });
    assert.equal(res.status, 200);
    assert.equal(res.headers["content-encoding"], undefined);
    assert.deepEqual(JSON.parse(res.body.toString()), { status: "UP", checks: [] });
  });
});
