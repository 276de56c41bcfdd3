import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { join } from "node:path";
import { readFile } from "node:fs/promises";
import type { ServerContext } from "../context.ts";
import { realmByName } from "../realm/lookup.ts";
import { contentTypeOf, readInside } from "./files.ts";
import { CONSOLE_HEADERS, CONSOLE_HSTS, consolePage } from "./console-page.ts";
import { frontendUrl } from "../http/frontend-url.ts";

const CONSOLE_NOT_BUILT = "Console not built: run npm run build";

/** The console page, the built elements at /elements/, and (with --demo-pages) the demo pages at /demo/. */
export async function registerStaticRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { config } = server;

  const sendFile = async (reply: FastifyReply, root: string, relative: string, cors: boolean) => {
    const body = await readInside(root, relative);
    if (!body) return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
    if (cors) reply.header("Access-Control-Allow-Origin", "*");
    return reply.type(contentTypeOf(relative)).header("Cache-Control", "no-cache").send(body);
  };

  app.get<{ Params: { "*": string } }>("/elements/*", (req, reply) =>
    sendFile(reply, config.distDir, req.params["*"], true),
  );
  if (config.demoPages) {
    app.get<{ Params: { "*": string } }>("/demo/*", (req, reply) =>
      sendFile(reply, config.pagesDir, req.params["*"] || "index.html", false),
    );
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
    return reply
      .headers(CONSOLE_HEADERS)
      .type("text/html; charset=utf-8")
      .send(consolePage(indexHtml, baseUrl, realmName));
  };
  app.get<{ Params: { realm: string } }>("/admin/:realm/console", (req, reply) =>
    serveConsole(req.params.realm, req.url, req, reply),
  );
  app.get<{ Params: { realm: string } }>("/admin/:realm/console/*", (req, reply) =>
    serveConsole(req.params.realm, "/", req, reply),
  );

  app.get("/", (_req, reply) => reply.redirect("/admin/master/console/", 302));
}
