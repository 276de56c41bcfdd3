import type { ClientRecord, RealmRecord, UserRecord } from "../../store/types.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import { activeSession, endSessions, startUserSession } from "../../access/sessions.ts";
import { passwordExpired } from "../../access/password-policy.ts";
import { dropAuthRequest, type AuthRequest } from "../auth-requests.ts";
import { completeLogin } from "../complete-login.ts";
import { sendAuthResponse } from "../auth-response.ts";
import { sendErrorPage } from "../error-page.ts";
import { ssoSessionFromCookie } from "../sso-cookies.ts";
import { issuerOf } from "../tokens.ts";
import { frontendUrl } from "../../http/frontend-url.ts";
import { nextRequiredAction } from "./required-action-handlers.ts";
import { sendAccountUpdated } from "./execute-actions-token.ts";
import { owesProfileCompletion, VERIFY_PROFILE } from "./profile-completeness.ts";
import { currentUser, type LoginContext } from "./login-context.ts";
import { sendSamlStatus } from "../../saml-protocol/status-response.ts";

/** Signs the user in: a new session, SSO cookies, and the code back to the client. */
export async function finishLogin(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  client: ClientRecord,
  user: UserRecord,
  request: AuthRequest,
) {
  dropAuthRequest(request.tabId);
  const session = await startUserSession(server, realm, user, client, {
    id: request.codeId,
    ipAddress: req.ip,
    rememberMe: request.rememberMe,
    authMethod: request.protocol ?? "openid-connect",
    notes: request.login.sessionNotes,
  });
  return completeLogin(server, reply, realm, client, user, session, request, req.ip);
}

/** Ends the login with an error for the client (`error` on its redirect URI). */
export function errorToClient(ctx: LoginContext, error: string, description?: string) {
  if (ctx.request.protocol === "saml") return sendSamlStatus(ctx, error);
  dropAuthRequest(ctx.request.tabId);
  return sendAuthResponse(ctx.reply, ctx.request.redirectUri, ctx.request.responseMode, {
    error,
    error_description: description,
    state: ctx.request.state,
    iss: issuerOf(frontendUrl(ctx.server, ctx.req), ctx.realm),
  });
}

/**
 * Keycloak's required-action triggers: VERIFY_EMAIL for an unverified address when the realm asks, an expired password,
 * VERIFY_PROFILE for a profile the realm's user profile finds incomplete.
 */
async function applyTriggers(ctx: LoginContext, user: UserRecord): Promise<UserRecord> {
  const pending = ctx.request.login.sessionActions;
  if (passwordExpired(ctx.realm, user) && !pending.includes("UPDATE_PASSWORD")) pending.push("UPDATE_PASSWORD");
  if (!pending.includes(VERIFY_PROFILE) && owesProfileCompletion(ctx, user)) pending.push(VERIFY_PROFILE);
  const verify = ctx.realm.settings.verifyEmail === true && !!user.email && !user.emailVerified;
  if (!verify || user.requiredActions.includes("VERIFY_EMAIL")) return user;
  const updated = { ...user, requiredActions: [...user.requiredActions, "VERIFY_EMAIL"] };
  await ctx.server.db.write((tx) => tx.put("users", updated));
  return updated;
}

/** After the flow identified the user: required actions in the realm's order, then the code back to the client. */
export async function afterAuthentication(ctx: LoginContext) {
  const found = currentUser(ctx);
  if (!found)
    return sendErrorPage(ctx.reply, ctx.realm, "Your login attempt timed out. Login will start from the beginning.");
  if (!found.enabled) return sendErrorPage(ctx.reply, ctx.realm, "Account is disabled, contact your administrator.");
  const user = await applyTriggers(ctx, found);
  const next = nextRequiredAction(ctx, user);
  if (next) {
    if (ctx.request.login.prompts.includes("none")) return errorToClient(ctx, "interaction_required");
    return next.handler.show(ctx, user);
  }
  if (ctx.request.login.endAfterRequiredActions) {
    dropAuthRequest(ctx.request.tabId);
    return sendAccountUpdated(ctx.reply, ctx.realm, ctx.request.login.pageRedirectUri);
  }
  const previous = await ssoSessionFromCookie(ctx.server, ctx.realm, ctx.req);
  if (previous && previous.user.id !== user.id) await endSessions(ctx.server, [previous.session]);
  const cookieSession = ctx.request.login.ssoSessionId
    ? activeSession(ctx.server.db, ctx.realm, ctx.request.login.ssoSessionId)
    : undefined;
  const session = cookieSession ?? (previous?.user.id === user.id ? previous.session : undefined);
  if (session && session.userId === user.id) {
    dropAuthRequest(ctx.request.tabId);
    return completeLogin(ctx.server, ctx.reply, ctx.realm, ctx.client, user, session, ctx.request, ctx.req.ip);
  }
  return finishLogin(ctx.server, ctx.req, ctx.reply, ctx.realm, ctx.client, user, ctx.request);
}
