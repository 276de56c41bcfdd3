import type { FastifyInstance } from "fastify";
import { LOGIN_CSS_PATH, LOGIN_FAVICON, LOGIN_FAVICON_PATH } from "./html.ts";
import { LOGIN_CSS } from "./login-css.ts";
import { FORM_POST_SCRIPT, FORM_POST_SCRIPT_PATH } from "./auth-response.ts";
import { FRONTCHANNEL_LOGOUT_SCRIPT, FRONTCHANNEL_LOGOUT_SCRIPT_PATH } from "./frontchannel-logout.ts";
import { RECOVERY_CODES_SCRIPT, RECOVERY_CODES_SCRIPT_PATH } from "./login/action-configure-recovery-codes.ts";

export async function registerThemeResources(app: FastifyInstance): Promise<void> {
  app.get(LOGIN_CSS_PATH, (_req, reply) =>
    reply.headers({ "content-type": "text/css; charset=utf-8", "cache-control": "max-age=3600" }).send(LOGIN_CSS),
  );
  app.get(LOGIN_FAVICON_PATH, (_req, reply) =>
    reply.headers({ "content-type": "image/svg+xml", "cache-control": "max-age=3600" }).send(LOGIN_FAVICON),
  );
  app.get(FORM_POST_SCRIPT_PATH, (_req, reply) =>
    reply.headers({ "content-type": "text/javascript; charset=utf-8" }).send(FORM_POST_SCRIPT),
  );
  app.get(FRONTCHANNEL_LOGOUT_SCRIPT_PATH, (_req, reply) =>
    reply.headers({ "content-type": "text/javascript; charset=utf-8" }).send(FRONTCHANNEL_LOGOUT_SCRIPT),
  );
  app.get(RECOVERY_CODES_SCRIPT_PATH, (_req, reply) =>
    reply.headers({ "content-type": "text/javascript; charset=utf-8" }).send(RECOVERY_CODES_SCRIPT),
  );
}
