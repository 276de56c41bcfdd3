import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerContext } from "../context.ts";
import type { AuthFlowRecord, IdentityProviderRecord } from "../store/types.ts";
import { findIdentityProvider } from "../admin/identity-providers/lookup.ts";
import { flowByAlias, flowTree } from "../admin/authentication/lookup.ts";
import { sendErrorPage } from "../oidc/error-page.ts";
import { isContext, loginContextOf } from "../oidc/login-action.ts";
import { afterAuthentication } from "../oidc/login/after-authentication.ts";
import { AUTHENTICATORS } from "../oidc/login/authenticators.ts";
import { processFlow } from "../oidc/login/flow-engine.ts";
import { answerChallenge, guarded, respond } from "../oidc/login/browser-flow.ts";
import { type Form, type LoginContext } from "../oidc/login/login-context.ts";
import { loginCodeId } from "../oidc/auth-requests.ts";
import { recordEvent } from "../events/record.ts";
import { brokerDetails } from "./broker-events.ts";

const TIMED_OUT = "Your login attempt timed out. Login will start from the beginning.";

/** Logins in their provider's post login flow, by realm and tab: the provider's alias. */
const pending = new Map<string, string>();
const keyOf = (ctx: LoginContext) => `${ctx.realm.id}/${ctx.request.tabId}`;

function postLoginFlow(ctx: LoginContext, idp: IdentityProviderRecord): AuthFlowRecord | undefined {
  const alias = typeof idp.rep.postBrokerLoginFlowAlias === "string" ? idp.rep.postBrokerLoginFlowAlias : "";
  return alias ? flowByAlias(ctx.server, ctx.realm, alias) : undefined;
}

function postLoginUrl(ctx: LoginContext, alias: string, executionId: string): string {
  const query = new URLSearchParams({
    client_id: ctx.client.clientId,
    tab_id: ctx.request.tabId,
    execution: executionId,
  });
  return `/realms/${encodeURIComponent(ctx.realm.realm)}/broker/${encodeURIComponent(alias)}/post-broker-login?${query}`;
}

/**
 * The event of one request into the post login flow, as Keycloak 26.7.3 saves it (measured): IDENTITY_PROVIDER_POST_LOGIN
 * with the broker's details and the login's code_id, no user; a step's refusal twice as IDENTITY_PROVIDER_POST_LOGIN_ERROR.
 */
async function recordPostLoginRequest(ctx: LoginContext, error?: string) {
  const brokered = ctx.request.login.brokered;
  if (!brokered) return;
  const event = {
    type: error ? "IDENTITY_PROVIDER_POST_LOGIN_ERROR" : "IDENTITY_PROVIDER_POST_LOGIN",
    clientId: ctx.client.clientId,
    ipAddress: ctx.req.ip,
    error,
    details: {
      auth_method: "openid-connect",
      auth_type: "code",
      redirect_uri: ctx.request.redirectUri,
      ...brokerDetails(brokered),
      code_id: loginCodeId(ctx.request),
    },
  };
  for (let times = error ? 2 : 1; times > 0; times--) await recordEvent(ctx.server, ctx.realm, event);
}

async function runPostLoginFlow(ctx: LoginContext, idp: IdentityProviderRecord, flow: AuthFlowRecord) {
  ctx.stepUrl = (executionId) => postLoginUrl(ctx, idp.alias, executionId);
  ctx.authenticators = AUTHENTICATORS;
  const result = await processFlow(ctx, flow, AUTHENTICATORS);
  const refusal = result.response?.type === "failure" ? result.response : undefined;
  await recordPostLoginRequest(ctx, refusal ? "access_denied" : undefined);
  if (refusal) {
    pending.delete(keyOf(ctx));
    return sendErrorPage(ctx.reply, ctx.realm, refusal.message, 401);
  }
  if (result.response) return respond(ctx, result.response);
  pending.delete(keyOf(ctx));
  if (ctx.request.login.brokered) ctx.request.login.brokered.postLogin = true;
  if (!result.successful)
    return sendErrorPage(ctx.reply, ctx.realm, "Unexpected error when authenticating with identity provider");
  return afterAuthentication(ctx);
}

/**
 * The end of every brokered sign-in (first or later, the user set): the provider's "Post login flow" when it has one
 * (Keycloak's post-broker-login, e.g. an OTP after the provider's sign-in), then the login's own end.
 */
export async function finishBrokerLogin(ctx: LoginContext, idp: IdentityProviderRecord): Promise<unknown> {
  const flow = postLoginFlow(ctx, idp);
  if (!flow) return afterAuthentication(ctx);
  for (const execution of flowTree(ctx.server, flow).flatMap((f) => f.executions))
    delete ctx.request.login.status[execution.id];
  pending.set(keyOf(ctx), idp.alias);
  return guarded(ctx, () => runPostLoginFlow(ctx, idp, flow));
}

/** The post login flow's forms post here (a GET shows the current step again). */
export function registerPostBrokerLogin(app: FastifyInstance, server: ServerContext): void {
  app.route<{ Params: { realm: string; alias: string }; Querystring: Record<string, string | undefined> }>({
    method: ["GET", "POST"],
    url: "/realms/:realm/broker/:alias/post-broker-login",
    handler: async (req, reply): Promise<FastifyReply> => {
      const ctx = loginContextOf(server, req, reply, req.params.realm, req.query.tab_id);
      if (!isContext(ctx)) return ctx;
      const idp = findIdentityProvider(server, ctx.realm, req.params.alias);
      const flow = idp ? postLoginFlow(ctx, idp) : undefined;
      if (!idp || !flow || pending.get(keyOf(ctx)) !== idp.alias) return sendErrorPage(reply, ctx.realm, TIMED_OUT);
      return (await guarded(ctx, async () => {
        ctx.stepUrl = (executionId) => postLoginUrl(ctx, idp.alias, executionId);
        const execution = flowTree(server, flow)
          .flatMap((f) => f.executions)
          .find((e) => e.id === req.query.execution);
        const posted = req.method === "POST" ? execution : undefined;
        return answerChallenge(ctx, posted, AUTHENTICATORS, (req.body ?? {}) as Form, () =>
          runPostLoginFlow(ctx, idp, flow),
        );
      })) as FastifyReply;
    },
  });
}
