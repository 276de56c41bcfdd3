import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { contentTypeOf, readInside } from "../static/files.ts";
import { ensurePortalIsConsoleClient } from "./portal-client.ts";
import { mintPortalToken, PORTAL_CLIENT } from "./portal-token.ts";
import { checkPortalSignIn } from "./portal-sign-in.ts";
import { clearPortalCookie, PortalSessions, setPortalCookie, type PortalSession } from "./portal-sessions.ts";
import { patternflyFolder } from "./vendor-styles.ts";

/** Only what a page may link from the PatternFly package: its stylesheets and their assets. */
const VENDOR_FILE = /^(?:patternfly[\w-]*\.css|assets\/[\w./-]+)$/;
/** A cached token is handed out again until this long before it expires. */
const TOKEN_REUSE_MARGIN_MS = 30_000;
const SESSION_PATH = "/demo/api/portal-session";

const SIGN_IN_BODY = {
  type: "object",
  required: ["username", "password"],
  additionalProperties: false,
  properties: {
    username: { type: "string", minLength: 1, maxLength: 255 },
    password: { type: "string", minLength: 1, maxLength: 1024 },
  },
} as const;

/**
 * The demo pages' "product backend" (registered only with --demo-pages): the portal's own
 * sign-in and session (/demo/api/portal-session), a token endpoint that answers only a signed-in
 * portal session (/demo/api/portal-token), and PatternFly's global CSS for the hostile host page.
 */
export async function registerDemoApiRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  if (!server.config.demoPages) return;
  const sessions = new PortalSessions();
  const secure = (req: FastifyRequest) => frontendUrl(server, req).startsWith("https:");

  /** JSON only and from the portal's own origin: a form or page on another site cannot sign a visitor in or out. */
  const sameOriginJson = async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin;
    if (origin && origin !== new URL(frontendUrl(server, req)).origin)
      return reply.status(403).send({ error: "invalid_origin", error_description: "Cross-origin request refused" });
    if (req.method === "POST" && !String(req.headers["content-type"] ?? "").startsWith("application/json"))
      return reply.status(415).send({ error: "unsupported_media_type", error_description: "Send JSON" });
  };

  app.post<{ Body: { username: string; password: string } }>(
    SESSION_PATH,
    { schema: { body: SIGN_IN_BODY }, preValidation: sameOriginJson },
    async (req, reply) => {
      const result = await checkPortalSignIn(server, req, PORTAL_CLIENT.realm, req.body.username, req.body.password);
      if ("error" in result) return reply.status(401).send({ error: "invalid_grant", error_description: result.error });
      const session = sessions.start(PORTAL_CLIENT.realm, result.user.id, result.user.username);
      setPortalCookie(reply, session, secure(req));
      return reply.header("cache-control", "no-store").send({ username: session.username });
    },
  );

  app.get(SESSION_PATH, async (req, reply) => {
    const session = sessions.current(req);
    if (!session) return reply.status(401).header("cache-control", "no-store").send({ error: "not_signed_in" });
    return reply.header("cache-control", "no-store").send({ username: session.username });
  });

  app.delete(SESSION_PATH, { preValidation: sameOriginJson }, async (req, reply) => {
    const session = sessions.current(req);
    if (session) sessions.end(session);
    clearPortalCookie(reply, secure(req));
    return reply.status(204).send();
  });

  app.get("/demo/api/portal-token", async (req, reply) => {
    reply.header("cache-control", "no-store");
    const session = sessions.current(req);
    if (!session) return reply.status(401).send({ error: "not_signed_in" });
    try {
      return reply.send(await sessionToken(session, req));
    } catch (error) {
      app.log.error(error);
      return reply.status(502).send({ error: "portal_token_unavailable" });
    }
  });

  /** The token this session was given, or a new one: never shared between sessions. */
  async function sessionToken(session: PortalSession, req: FastifyRequest) {
    const baseUrl = frontendUrl(server, req);
    const cached = session.token;
    if (cached && cached.baseUrl === baseUrl && Date.now() < cached.expiresAt - TOKEN_REUSE_MARGIN_MS) {
      return { ...cached.value, expires_in: Math.floor((cached.expiresAt - Date.now()) / 1000) };
    }
    await ensurePortalIsConsoleClient(server);
    const value = await mintPortalToken(app, req);
    session.token = { baseUrl, value, expiresAt: Date.now() + value.expires_in * 1000 };
    return value;
  }

  const vendorRoot = patternflyFolder();
  app.get<{ Params: { "*": string } }>("/demo/vendor/*", async (req, reply) => {
    const relative = req.params["*"];
    const body =
      VENDOR_FILE.test(relative) && !relative.includes("..") ? await readInside(vendorRoot, relative) : undefined;
    if (!body) return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
    return reply.type(contentTypeOf(relative)).header("Cache-Control", "max-age=3600").send(body);
  });
}
