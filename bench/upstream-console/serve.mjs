#!/usr/bin/env node
// Serves the built upstream console (dist/) as one page, with the
// environment block that points it at a Keycloak-compatible server.
//
//   KC_URL=http://127.0.0.1:8180 node serve.mjs --port 8190
//
// Environment variables (all optional):
//   KC_URL           server the console talks to (default http://127.0.0.1:8180)
//   KC_PROXY         1: forward every path outside the console's files to
//                    KC_URL, so that the page and the server share one origin
//                    (as in a real Keycloak); default 0: the page calls KC_URL
//                    directly, cross-origin
//   KC_ADMIN_URL     admin REST base, if not KC_URL (direct mode only)
//   KC_REALM         login realm (default master)
//   KC_MASTER_REALM  name of the master realm (default master)
//   KC_CLIENT_ID     OIDC client of the console (default security-admin-console)
//   KC_SCOPE         extra scopes for the authorization request
//   KC_DARK_MODE     1 to let the console follow the OS dark mode
//   PORT / --port    port to listen on (default 8190; 0 picks a free one)
//   HOST / --host    address to listen on (default 127.0.0.1)
//   CONSOLE_PATH     path of the page (default /admin/{KC_REALM}/console/)
//   GZIP             0 to send the console's files uncompressed (default:
//                    gzip -9 when the browser accepts it)
//   LOG              1 to log every request

import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { extname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";

const argv = process.argv.slice(2);
function option(name, envName, fallback) {
  const i = argv.indexOf(`--${name}`);
  if (i !== -1 && argv[i + 1] !== undefined) return argv[i + 1];
  const inline = argv.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  return process.env[envName] || fallback;
}
function withSlashes(path) {
  let p = path.startsWith("/") ? path : `/${path}`;
  if (!p.endsWith("/")) p += "/";
  return p;
}
const trimSlash = (url) => url.replace(/\/+$/, "");

const port = Number(option("port", "PORT", "8190"));
const host = option("host", "HOST", "127.0.0.1");
const serverUrl = trimSlash(process.env.KC_URL || "http://127.0.0.1:8180");
const upstream = new URL(serverUrl);
const proxyMode = process.env.KC_PROXY === "1";
const loginRealm = process.env.KC_REALM || "master";
const consolePath = withSlashes(process.env.CONSOLE_PATH || `/admin/${encodeURIComponent(loginRealm)}/console/`);
const gzipEnabled = process.env.GZIP !== "0";
const logRequests = process.env.LOG === "1";
const distDir = fileURLToPath(new URL("./dist/", import.meta.url));

// Field names and meanings as in Keycloak's admin page template and in the
// Environment types of @keycloak/keycloak-ui-shared and -admin-ui 26.7.4.
// authUrl/authServerUrl are no longer read by 26.7.4 but Keycloak still
// writes them, so they are kept.
function environmentFor(req) {
  // Proxy mode: the server's URLs are this page's own origin.
  const base = proxyMode ? `http://${req.headers.host}${trimSlash(upstream.pathname)}` : serverUrl;
  const admin = proxyMode ? base : trimSlash(process.env.KC_ADMIN_URL || serverUrl);
  return {
    serverBaseUrl: base,
    adminBaseUrl: admin,
    authUrl: base,
    authServerUrl: base,
    realm: loginRealm,
    clientId: process.env.KC_CLIENT_ID || "security-admin-console",
    resourceUrl: consolePath.replace(/\/$/, ""),
    logo: "",
    logoUrl: "",
    consoleBaseUrl: consolePath,
    masterRealm: process.env.KC_MASTER_REALM || "master",
    resourceVersion: "harness",
    darkMode: process.env.KC_DARK_MODE === "1",
    ...(process.env.KC_SCOPE ? { scope: process.env.KC_SCOPE } : {}),
  };
}

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".png": "image/png",
  ".ico": "image/x-icon",
};
const compressible = new Set([".html", ".js", ".css", ".json", ".svg"]);

// Only files that the build wrote are served: a fixed list, read once.
function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}
let staticFiles;
let indexTemplate;
try {
  staticFiles = new Map(listFiles(distDir).map((f) => [relative(distDir, f).split(sep).join("/"), f]));
  indexTemplate = await readFile(join(distDir, "index.html"), "utf8");
} catch {
  console.error("dist/ is missing or incomplete: run `npm install` and `npx vite build` first.");
  process.exit(1);
}
const marker = /<!--kc-environment:[\s\S]*?-->/;
if (!marker.test(indexTemplate)) {
  console.error("dist/index.html has no <!--kc-environment--> marker: rebuild with `npx vite build`.");
  process.exit(1);
}

function indexFor(req) {
  // "<" escaped so that nothing in a value can close the script element.
  const json = JSON.stringify(environmentFor(req), null, 2).replace(/</g, "\\u003c");
  const block = `<script id="environment" type="application/json">\n${json}\n</script>`;
  return Buffer.from(indexTemplate.replace(marker, () => block));
}

const gzipCache = new Map();
function encode(cacheKey, ext, buffer, req) {
  const accepts = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  if (!gzipEnabled || !accepts || !compressible.has(ext)) return { buffer, headers: {} };
  let gz = cacheKey ? gzipCache.get(cacheKey) : undefined;
  if (!gz) {
    gz = gzipSync(buffer, { level: 9 });
    if (cacheKey) gzipCache.set(cacheKey, gz);
  }
  return { buffer: gz, headers: { "Content-Encoding": "gzip" } };
}

function send(req, res, status, headers, payload) {
  res.writeHead(status, { ...headers, "Content-Length": payload.length });
  res.end(req.method === "HEAD" ? undefined : payload);
}
const notFound = (req, res) => send(req, res, 404, { "Content-Type": "text/plain" }, Buffer.from("Not found\n"));

// Proxy mode: the request goes to KC_URL unchanged, Host header included,
// so the server builds its redirects and URLs for this origin.
function proxy(req, res) {
  const forward = upstream.protocol === "https:" ? httpsRequest : httpRequest;
  const outgoing = forward(
    {
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: {
        ...req.headers,
        "x-forwarded-host": req.headers.host,
        "x-forwarded-proto": "http",
      },
    },
    (incoming) => {
      res.writeHead(incoming.statusCode ?? 502, incoming.headers);
      incoming.pipe(res);
    },
  );
  outgoing.on("error", (error) => {
    if (!res.headersSent) {
      send(
        req,
        res,
        502,
        { "Content-Type": "text/plain" },
        Buffer.from(`Bad gateway: ${serverUrl}: ${error.message}\n`),
      );
    } else {
      res.destroy();
    }
  });
  req.pipe(outgoing);
}

const server = createServer(async (req, res) => {
  const started = Date.now();
  res.on("finish", () => {
    if (logRequests) console.log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`);
  });
  try {
    const path = new URL(req.url ?? "/", "http://harness").pathname;
    const readOnly = req.method === "GET" || req.method === "HEAD";
    if (readOnly && (path === "/" || path === consolePath.slice(0, -1))) {
      res.writeHead(302, { Location: consolePath });
      return res.end();
    }
    if (readOnly && path.startsWith(consolePath)) {
      const rest = path.slice(consolePath.length);
      if (rest === "" || rest === "index.html") {
        const { buffer, headers } = encode(null, ".html", indexFor(req), req);
        return send(
          req,
          res,
          200,
          {
            "Content-Type": types[".html"],
            "Cache-Control": "no-cache",
            Vary: "Accept-Encoding",
            ...headers,
          },
          buffer,
        );
      }
      const file = staticFiles.get(rest);
      if (file) {
        const ext = extname(file);
        const content = await readFile(file);
        // Files without a content hash in their name (favicon.svg, logo.svg) revalidate, as a real server's do.
        const etag = `W/"${createHash("sha256").update(content).digest("base64url").slice(0, 27)}"`;
        const hashed = rest.startsWith("assets/");
        if (!hashed && req.headers["if-none-match"] === etag)
          return send(req, res, 304, { ETag: etag, "Cache-Control": "no-cache" }, Buffer.alloc(0));
        const { buffer, headers } = encode(file, ext, content, req);
        return send(
          req,
          res,
          200,
          {
            "Content-Type": types[ext] ?? "application/octet-stream",
            // Vite names files under assets/ by content hash.
            "Cache-Control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
            ...(hashed ? {} : { ETag: etag }),
            Vary: "Accept-Encoding",
            ...headers,
          },
          buffer,
        );
      }
    }
    if (proxyMode) return proxy(req, res);
    if (!readOnly) return send(req, res, 405, { Allow: "GET, HEAD" }, Buffer.from("Method not allowed\n"));
    return notFound(req, res);
  } catch (error) {
    console.error(error);
    if (!res.headersSent) send(req, res, 500, { "Content-Type": "text/plain" }, Buffer.from(`${error}\n`));
    else res.destroy();
  }
});

server.listen(port, host, () => {
  const { port: actual } = server.address();
  console.log(`upstream console: http://${host}:${actual}${consolePath}`);
  console.log(
    `talking to server: ${serverUrl}${proxyMode ? " (through this origin, KC_PROXY=1)" : ""}` +
      ` (realm ${loginRealm}, client ${process.env.KC_CLIENT_ID || "security-admin-console"})`,
  );
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
