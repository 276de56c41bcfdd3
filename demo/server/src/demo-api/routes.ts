import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { contentTypeOf, readInside } from "../static/files.ts";
import { ensurePortalIsConsoleClient } from "./portal-client.ts";
import { mintPortalToken } from "./portal-token.ts";
import { patternflyFolder } from "./vendor-styles.ts";

/** Only what a page may link from the PatternFly package: its stylesheets and their assets. */
const VENDOR_FILE = /^(?:patternfly[\w-]*\.css|assets\/[\w./-]+)$/;

/**
 * The demo pages' "product backend": a token endpoint of the portal's own (GET
 * /demo/api/portal-token), and PatternFly's global CSS for the hostile host page.
 */
export async function registerDemoApiRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get("/demo/api/portal-token", async (_req, reply) => {
    try {
      await ensurePortalIsConsoleClient(server);
      const token = await mintPortalToken(app);
      return reply.header("Cache-Control", "no-store").send(token);
    } catch (error) {
      app.log.error(error);
      return reply.status(502).send({ error: "portal_token_unavailable" });
    }
  });

  const vendorRoot = patternflyFolder();
  app.get<{ Params: { "*": string } }>("/demo/vendor/*", async (req, reply) => {
    const relative = req.params["*"];
    const body =
      VENDOR_FILE.test(relative) && !relative.includes("..") ? await readInside(vendorRoot, relative) : undefined;
    if (!body) return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
    return reply.type(contentTypeOf(relative)).header("Cache-Control", "max-age=3600").send(body);
  });
}
