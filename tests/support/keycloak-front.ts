import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { consolePage, CONSOLE_HEADERS } from "../../demo/server/src/static/console-page.ts";
import { buildFileCacheControl, REVALIDATE } from "../../demo/server/src/static/cache-policy.ts";
import { staticFile } from "../../demo/server/src/static/file-cache.ts";
import { staticAnswer } from "../../demo/server/src/static/representation.ts";

const root = resolve(import.meta.dirname, "../..");
const DIST = join(root, "dist");
const PAGES = join(root, "demo/pages");
const CONSOLE_PAGE = /^\/admin\/([^/]+)\/console\/?$/;

export interface KeycloakFront {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Our console and elements on the origin of a real Keycloak, as a same-origin reverse proxy would put them there:
 * `/admin/{realm}/console/` is our console page, `/elements/` the build (dist/), `/demo/` the demo pages' static
 * files (not their backend, which only the embedded server has); everything else goes to Keycloak with the
 * browser's Host header, so Keycloak (hostname-strict=false) issues tokens and URLs for this origin.
 */
export async function startKeycloakFront(keycloakUrl: string, port: number): Promise<KeycloakFront> {
  const upstream = new URL(keycloakUrl);
  // Compressed, validated and cached as the embedded server (and any production static host) serves the build.
  const sendFile = async (
    req: IncomingMessage,
    res: ServerResponse,
    base: string,
    relative: string,
    cacheControl: string,
    extra: Record<string, string> = {},
  ) => {
    const file = await staticFile(base, relative);
    if (!file) return res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not Found");
    const answer = await staticAnswer(req.headers, file, cacheControl);
    const vary = answer.variesByEncoding ? { vary: "Accept-Encoding" } : {};
    res.writeHead(answer.status, { ...answer.headers, ...vary, ...extra }).end(answer.body);
  };
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURI((req.url ?? "/").split("?")[0]!);
    const consoleRealm = req.method === "GET" ? CONSOLE_PAGE.exec(path)?.[1] : undefined;
    if (consoleRealm !== undefined) {
      if (!path.endsWith("/")) return res.writeHead(302, { location: `${path}/` }).end();
      const indexHtml = await readFile(join(DIST, "console", "index.html"), "utf8");
      const page = consolePage(indexHtml, `http://${req.headers.host}`, consoleRealm);
      return res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...CONSOLE_HEADERS }).end(page);
    }
    if (req.method === "GET" && path.startsWith("/elements/")) {
      const relative = path.slice("/elements/".length);
      const cors = { "access-control-allow-origin": "*" };
      return sendFile(req, res, DIST, relative, buildFileCacheControl(relative), cors);
    }
    if (req.method === "GET" && (path === "/demo" || path.startsWith("/demo/"))) {
      const relative = path.slice("/demo/".length);
      if (path === "/demo" || (!path.endsWith("/") && !/\.[a-z0-9]+$/i.test(relative)))
        return res.writeHead(302, { location: `${path}/` }).end();
      const file = relative === "" || relative.endsWith("/") ? `${relative}index.html` : relative;
      return sendFile(req, res, PAGES, file, REVALIDATE);
    }
    if (path === "/") return res.writeHead(302, { location: "/admin/master/console/" }).end();
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  };
  const server: Server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((ok) => server.listen(port, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
