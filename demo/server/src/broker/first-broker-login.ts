import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { AuthFlowRecord, IdentityProviderRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { findIdentityProvider } from "../admin/identity-providers/lookup.ts";
import { flowByAlias, flowTree } from "../admin/authentication/lookup.ts";
import { recordEvent } from "../events/record.ts";
import { sendErrorPage } from "../oidc/error-page.ts";
import { isContext, loginContextOf } from "../oidc/login-action.ts";
import { processFlow } from "../oidc/login/flow-engine.ts";
import { answerChallenge, guarded, respond } from "../oidc/login/browser-flow.ts";
import { currentUser, type Form, type LoginContext } from "../oidc/login/login-context.ts";
import { loginCodeId } from "../oidc/auth-requests.ts";
import { federatedLink } from "./stored-tokens.ts";
import { applyMappers, mapperSessionNotes, MODEL_USERNAME_CLAIM, type Claims } from "./mappers.ts";
import {
  type BrokerLogin,
  brokerLoginOf,
  dropBrokerLogin,
  FIRST_BROKER_LOGIN_STEPS,
  forgetFlowState,
  markLinkVerified,
  recordFlowRequest,
  saveBrokerLogin,
} from "./first-broker-login-steps.ts";
import { brokerUsernameOf } from "./broker-events.ts";
import { followIdpLinkMail } from "./idp-link-email.ts";
import { finishBrokerLogin } from "./post-broker-login.ts";
import { stepUrl } from "./first-broker-login-pages.ts";

const TIMED_OUT = "Your login attempt timed out. Login will start from the beginning.";

/** The provider's first login flow, else the realm's bound one ("first broker login" by default), as Keycloak picks it. */
function firstLoginFlow(ctx: LoginContext, idp: IdentityProviderRecord): AuthFlowRecord | undefined {
  const settings = ctx.realm.settings as Record<string, unknown>;
  const own = typeof idp.rep.firstBrokerLoginFlowAlias === "string" ? idp.rep.firstBrokerLoginFlowAlias : "";
  const alias =
    own || (typeof settings.firstBrokerLoginFlow === "string" ? settings.firstBrokerLoginFlow : "first broker login");
  return flowByAlias(ctx.server, ctx.realm, alias);
}

/** A first login's end (REGISTER, FEDERATED_IDENTITY_LINK): the user and the login's `code_id`, no redirect URI. */
async function recordBrokerEvent(
  ctx: LoginContext,
  idp: IdentityProviderRecord,
  login: BrokerLogin,
  type: string,
  details: Record<string, string>,
) {
  await recordEvent(ctx.server, ctx.realm, {
    type,
    clientId: ctx.client.clientId,
    userId: ctx.request.authenticatedUserId,
    ipAddress: ctx.req.ip,
    details: {
      identity_provider: idp.alias,
      identity_provider_identity: login.brokerUsername,
      code_id: loginCodeId(ctx.request),
      ...details,
    },
  });
}

/** The flow succeeded: a created user is already linked; an existing account gets the link and the mappers now. */
async function finishFirstLogin(ctx: LoginContext, idp: IdentityProviderRecord, login: BrokerLogin) {
  const user = currentUser(ctx);
  if (!user) return sendErrorPage(ctx.reply, ctx.realm, "Unexpected error when authenticating with identity provider");
  dropBrokerLogin(ctx);
  if (login.createdUserId !== user.id) {
    const linked: UserRecord = {
      ...user,
      federatedIdentities: [
        ...user.federatedIdentities.filter((f) => f.identityProvider !== idp.alias),
        federatedLink(idp, login.subject, login.brokerUsername, login.token),
      ],
    };
    await ctx.server.db.write((tx) =>
      tx.put("users", applyMappers(ctx.server, ctx.realm, idp, linked, login.claims, false)),
    );
    await recordBrokerEvent(ctx, idp, login, "FEDERATED_IDENTITY_LINK", { username: user.username });
  } else {
    const details = {
      register_method: "broker",
      username: user.username,
      ...(user.email ? { email: user.email } : {}),
    };
    await recordBrokerEvent(ctx, idp, login, "REGISTER", details);
  }
  const notes = mapperSessionNotes(ctx.server, ctx.realm, idp, login.claims, login.createdUserId === user.id);
  ctx.request.login.sessionNotes = { ...ctx.request.login.sessionNotes, ...notes };
  return finishBrokerLogin(ctx, idp);
}

/** Runs the flow from the top (steps already done are passed over): the next page, or the end of the first login. */
async function runFirstLoginFlow(
  ctx: LoginContext,
  idp: IdentityProviderRecord,
  login: BrokerLogin,
  flow: AuthFlowRecord,
) {
  ctx.stepUrl = (executionId) => stepUrl(ctx, login.alias, executionId);
  ctx.authenticators = FIRST_BROKER_LOGIN_STEPS;
  if (login.restart) {
    login.restart = false;
    forgetFlowState(login);
    for (const execution of flowTree(ctx.server, flow).flatMap((f) => f.executions))
      delete ctx.request.login.status[execution.id];
    ctx.request.authenticatedUserId = undefined;
  }
  const result = await processFlow(ctx, flow, FIRST_BROKER_LOGIN_STEPS);
  await recordFlowRequest(ctx, login);
  if (result.response) return respond(ctx, result.response);
  if (!result.successful)
    return sendErrorPage(ctx.reply, ctx.realm, "Unexpected error when authenticating with identity provider");
  return finishFirstLogin(ctx, idp, login);
}

/**
 * First broker login: the provider's first login flow run from its executions (review profile per its config, create
 * the user if unique, otherwise confirm the link and re-authenticate, or whatever steps an administrator put there).
 */
export async function startFirstBrokerLogin(
  ctx: LoginContext,
  idp: IdentityProviderRecord,
  claims: Claims,
  token?: string,
): Promise<FastifyReply> {
  const subject = String(claims.sub ?? "");
  const brokerUsername = brokerUsernameOf(claims);
  if (ctx.request.login.brokered) ctx.request.login.brokered.firstLogin = true;
  const flow = firstLoginFlow(ctx, idp);
  if (!flow)
    return sendErrorPage(ctx.reply, ctx.realm, "The identity provider's first login flow does not exist.", 500);
  const preview = applyMappers(
    ctx.server,
    ctx.realm,
    idp,
    { attributes: {}, roleIds: [], groupIds: [] } as unknown as UserRecord,
    claims,
    true,
  );
  const login: BrokerLogin = {
    alias: idp.alias,
    subject,
    brokerUsername,
    claims,
    token,
    values: {
      username: String(claims[MODEL_USERNAME_CLAIM] ?? brokerUsername).toLowerCase(),
      email: typeof claims.email === "string" ? claims.email : "",
      firstName: typeof claims.given_name === "string" ? claims.given_name : "",
      lastName: typeof claims.family_name === "string" ? claims.family_name : "",
    },
    // what the attribute importers found, shown on the review page
    attributes: Object.fromEntries(Object.entries(preview.attributes).map(([name, values]) => [name, values[0] ?? ""])),
    restart: true,
  };
  saveBrokerLogin(ctx, login);
  return (await guarded(ctx, () => runFirstLoginFlow(ctx, idp, login, flow))) as FastifyReply;
}

/** The verify-by-email link: marks the waiting login verified and, in its own browser, runs the rest of its flow. */
export function followFirstBrokerLoginLink(
  server: ServerContext,
  req: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
  reply: FastifyReply,
  realm: RealmRecord,
  key: string,
) {
  return followIdpLinkMail(
    server,
    req,
    reply,
    realm,
    key,
    (tabId, brokerUsername) => markLinkVerified(realm.id, tabId, brokerUsername),
    (ctx) => {
      const login = brokerLoginOf(ctx);
      const idp = login ? findIdentityProvider(server, ctx.realm, login.alias) : undefined;
      const flow = idp ? firstLoginFlow(ctx, idp) : undefined;
      if (!login || !idp || !flow) return sendErrorPage(reply, ctx.realm, TIMED_OUT);
      return guarded(ctx, () => runFirstLoginFlow(ctx, idp, login, flow));
    },
  );
}

export async function registerFirstBrokerLogin(app: FastifyInstance, server: ServerContext): Promise<void> {
  // GET too: the verify-by-email page's links come back here
  app.route<{ Params: { realm: string; alias: string }; Querystring: Record<string, string | undefined> }>({
    method: ["GET", "POST"],
    url: "/realms/:realm/broker/:alias/first-broker-login",
    handler: async (req, reply) => {
      const ctx = loginContextOf(server, req, reply, req.params.realm, req.query.tab_id);
      if (!isContext(ctx)) return ctx;
      const login = brokerLoginOf(ctx);
      const idp = findIdentityProvider(server, ctx.realm, req.params.alias);
      const flow = idp ? firstLoginFlow(ctx, idp) : undefined;
      if (!login || !idp || !flow || login.alias !== idp.alias) return sendErrorPage(reply, ctx.realm, TIMED_OUT);
      return guarded(ctx, async () => {
        const execution = flowTree(server, flow)
          .flatMap((f) => f.executions)
          .find((e) => e.id === req.query.execution);
        ctx.stepUrl = (executionId) => stepUrl(ctx, login.alias, executionId);
        ctx.authenticators = FIRST_BROKER_LOGIN_STEPS;
        return answerChallenge(ctx, execution, FIRST_BROKER_LOGIN_STEPS, (req.body ?? {}) as Form, () =>
          runFirstLoginFlow(ctx, idp, login, flow),
        );
      });
    },
  });
}
