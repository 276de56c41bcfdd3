import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { join } from "node:path";
import { readFile } from "node:fs/promises";
import type { ServerContext } from "../context.ts";
import { realmByName } from "../realm/lookup.ts";
import { CONSOLE_HEADERS, CONSOLE_HSTS, consolePage } from "./console-page.ts";
import { buildFileCacheControl, REVALIDATE } from "./cache-policy.ts";
import { staticFile } from "./file-cache.ts";
import { contentHash, sendRepresentation } from "./representation.ts";
import { frontendUrl } from "../http/frontend-url.ts";

const CONSOLE_NOT_BUILT = "Console not built: run npm run build";

/** The console page, the built elements at /elements/, and (with --demo-pages) the demo pages at /demo/. */
export async function registerStaticRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { config } = server;

  const sendFile = async (req: FastifyRequest, reply: FastifyReply, root: string, relative: string, cache: string) => {
    const file = await staticFile(root, relative);
    if (!file) return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
    return sendRepresentation(req, reply, file, cache);
  };

  app.get<{ Params: { "*": string } }>("/elements/*", (req, reply) => {
    reply.header("Access-Control-Allow-Origin", "*");
    const relative = req.params["*"];
    return sendFile(req, reply, config.distDir, relative, buildFileCacheControl(relative));
  });
  if (config.demoPages) {
    // A folder's address serves its index.html; without its trailing slash it is redirected first, so the page's
    // relative links resolve inside the folder (the router ignores trailing slashes, so req.url tells them apart).
    const serveDemo = async (req: FastifyRequest, reply: FastifyReply, wildcard: string) => {
      const relative = wildcard.replace(/\/$/, "");
      const isFolder = relative === "" || !/\.[a-z0-9]+$/i.test(relative);
      if (!isFolder) return sendFile(req, reply, config.pagesDir, relative, REVALIDATE);
      const [path, query] = req.url.split("?");
      if (!path!.endsWith("/")) return reply.redirect(`${path}/${query ? `?${query}` : ""}`, 302);
      return sendFile(req, reply, config.pagesDir, relative ? `${relative}/index.html` : "index.html", REVALIDATE);
    };
    app.get("/demo", (req, reply) => serveDemo(req, reply, ""));
    app.get<{ Params: { "*": string } }>("/demo/*", (req, reply) => serveDemo(req, reply, req.params["*"]));
  }

  const serveConsole = async (realmName: string, url: string, req: FastifyRequest, reply: FastifyReply) => {
    if (!url.split("?")[0].endsWith("/"))
      return reply.redirect(`/admin/${encodeURIComponent(realmName)}/console/`, 302);
    if (!realmByName(server.db, realmName))
      return reply.status(404).type("text/plain; charset=utf-8").send("Realm not found.");
    let indexHtml: string;
    try {
      indexHtml = await readFile(join(config.distDir, "console", "index.html"), "utf8");
    } catch {
      return reply.status(503).type("text/plain; charset=utf-8").send(CONSOLE_NOT_BUILT);
    }
    const baseUrl = frontendUrl(server, req);
    if (baseUrl.startsWith("https:")) reply.header("strict-transport-security", CONSOLE_HSTS);
    const body = Buffer.from(consolePage(indexHtml, baseUrl, realmName));
    const page = { body, contentType: "text/html; charset=utf-8", hash: contentHash(body), encoded: {} };
    return sendRepresentation(req, reply.headers(CONSOLE_HEADERS), page, REVALIDATE);
  };
  app.get<{ Params: { realm: string } }>("/admin/:realm/console", (req, reply) =>
    serveConsole(req.params.realm, req.url, req, reply),
  );
  app.get<{ Params: { realm: string } }>("/admin/:realm/console/*", (req, reply) =>
    serveConsole(req.params.realm, "/", req, reply),
  );

  app.get("/", (_req, reply) => reply.redirect("/admin/master/console/", 302));
}
