import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { clientByClientId, realmByName } from "./lookup.ts";
import { findAuthRequest } from "./auth-requests.ts";
import { sendErrorPage } from "./error-page.ts";
import { continueBrowserFlow, runBrowserFlow } from "./login/browser-flow.ts";
import type { Form, LoginContext } from "./login/login-context.ts";
import { openRegistration, processRegistration } from "./login/registration.ts";

type Query = Record<string, string | undefined>;

const TIMED_OUT = "Your login attempt timed out. Login will start from the beginning.";

/** The login in progress that a login-actions URL names (`tab_id`), or the timed-out page when it is gone. */
export function loginContextOf(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realmName: string,
  tabId: string | undefined,
): LoginContext | FastifyReply {
  const realm = realmByName(server.db, realmName);
  if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
  const request = findAuthRequest(tabId, realm.id);
  const client = request ? clientByClientId(server.db, realm, request.clientId) : undefined;
  if (!request || !client) return sendErrorPage(reply, realm, TIMED_OUT);
  return { server, req, reply, realm, client, request };
}

export const isContext = (value: LoginContext | FastifyReply): value is LoginContext =>
  "request" in value && "realm" in value;

/** The browser flow's forms post here; a GET (reload, back) shows the current step again. */
export async function registerLoginAction(app: FastifyInstance, server: ServerContext): Promise<void> {
  const path = "/realms/:realm/login-actions/authenticate";
  app.post<{ Params: { realm: string }; Querystring: Query }>(path, async (req, reply) => {
    const ctx = loginContextOf(server, req, reply, req.params.realm, req.query.tab_id);
    if (!isContext(ctx)) return ctx;
    return continueBrowserFlow(ctx, req.query.execution, (req.body ?? {}) as Form);
  });
  app.get<{ Params: { realm: string }; Querystring: Query }>(path, async (req, reply) => {
    const ctx = loginContextOf(server, req, reply, req.params.realm, req.query.tab_id);
    if (!isContext(ctx)) return ctx;
    return runBrowserFlow(ctx);
  });
  const registration = "/realms/:realm/login-actions/registration";
  const registrationContext = (
    req: FastifyRequest<{ Params: { realm: string }; Querystring: Query }>,
    reply: FastifyReply,
  ) => {
    const ctx = loginContextOf(server, req, reply, req.params.realm, req.query.tab_id);
    if (isContext(ctx) && ctx.realm.settings.registrationAllowed !== true)
      return sendErrorPage(reply, ctx.realm, "Registration not allowed");
    return ctx;
  };
  app.get<{ Params: { realm: string }; Querystring: Query }>(registration, async (req, reply) => {
    const ctx = registrationContext(req, reply);
    return isContext(ctx) ? openRegistration(ctx) : ctx;
  });
  app.post<{ Params: { realm: string }; Querystring: Query }>(registration, async (req, reply) => {
    const ctx = registrationContext(req, reply);
    return isContext(ctx) ? processRegistration(ctx, (req.body ?? {}) as Form) : ctx;
  });
  app.get<{ Params: { realm: string }; Querystring: Query }>(
    "/realms/:realm/login-actions/restart",
    async (req, reply) => {
      const ctx = loginContextOf(server, req, reply, req.params.realm, req.query.tab_id);
      if (!isContext(ctx)) return ctx;
      ctx.request.authenticatedUserId = undefined;
      ctx.request.login = {
        ...ctx.request.login,
        status: {},
        usedCredentials: [],
        sessionActions: [],
        ssoSessionId: undefined,
        attemptedUsername: undefined,
      };
      return runBrowserFlow(ctx);
    },
  );
}
