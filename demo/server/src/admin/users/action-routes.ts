import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import { frontendUrl } from "../../http/frontend-url.ts";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { endSessions, startUserSession } from "../../access/sessions.ts";
import { recordEvent } from "../../events/record.ts";
import { clientByClientId } from "../../oidc/lookup.ts";
import { isValidRedirectUri } from "../../oidc/redirect-uris.ts";
import { clearSsoCookies, setSsoCookies } from "../../oidc/sso-cookies.ts";
import { accountUrl } from "../../oidc/account-page.ts";
import { badRequest, HttpError } from "../../http/errors.ts";
import { mailVerifyEmailLink } from "../../oidc/login/action-verify-email.ts";
import { mailExecuteActionsLink } from "../../oidc/login/execute-actions-token.ts";
import { adminEvent } from "../common/admin-event.ts";
import { requireUser } from "../common/lookups.ts";
import { intParam, paramsOf, queryOf, stringParam } from "../common/query.ts";
import { NoBody } from "../common/schemas.ts";
import { ActionsQuery, RequiredActionList } from "./schemas.ts";

const USER = "/admin/realms/:realm/users/:id";
const ACCOUNT_CLIENT = "account";

/** Keycloak names the mail error's cause after its own message. */
const mailFailure = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The checks Keycloak makes, in its order, before sending an action email. */
function checkEmailRequest(server: ServerContext, realm: RealmRecord, user: UserRecord, req: FastifyRequest) {
  const query = queryOf(req);
  if (!user.email) throw badRequest("User email missing");
  if (!user.enabled) throw badRequest("User is disabled");
  const redirectUri = stringParam(query, "redirect_uri");
  const requestedClientId = stringParam(query, "client_id");
  if (redirectUri !== undefined && requestedClientId === undefined) throw badRequest("Client id missing");
  const clientId = requestedClientId ?? ACCOUNT_CLIENT;
  const client = clientByClientId(server.db, realm, clientId);
  if (!client && requestedClientId !== undefined) throw badRequest("Client doesn't exist");
  if (client && client.rep.enabled === false) throw badRequest("Client is not enabled");
  if (redirectUri !== undefined && client && !isValidRedirectUri(client, redirectUri, frontendUrl(server, req)))
    throw badRequest("Invalid redirect uri.");
  const lifespan = intParam(query, "lifespan") ?? Number(realm.settings.actionTokenGeneratedByAdminLifespan ?? 43200);
  return { clientId, redirectUri, lifespan };
}

export async function registerUserActionRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  app.put(
    `${USER}/execute-actions-email`,
    { schema: { body: RequiredActionList, querystring: ActionsQuery } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, paramsOf(req).realm);
      const user = requireUser(db, ctx, paramsOf(req).id);
      ctx.requireUser("manage", user);
      const actions = Array.isArray(req.body) ? (req.body as unknown[]).map(String) : [];
      const email = checkEmailRequest(server, ctx.realm, user, req);
      const configured = db.list("requiredActions", ctx.realm.id);
      if (configured.length && actions.some((a) => !configured.some((c) => c.alias === a && c.enabled)))
        throw badRequest("Provided invalid required actions");
      try {
        await mailExecuteActionsLink(server, frontendUrl(server, req), ctx.realm, user, { actions, ...email });
      } catch (error) {
        req.log.warn({ err: error }, "Failed to send execute actions email");
        throw new HttpError(500, { errorMessage: `Failed to send execute actions email: ${mailFailure(error)}` });
      }
      await adminEvent(server, ctx, "ACTION", "USER", `users/${user.id}/execute-actions-email`, actions);
      return reply.status(204).send();
    },
  );

  app.put(`${USER}/send-verify-email`, { schema: { body: NoBody, querystring: ActionsQuery } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("manage", user);
    const email = checkEmailRequest(server, ctx.realm, user, req);
    try {
      await mailVerifyEmailLink(frontendUrl(server, req), ctx.realm, user, email.clientId, email.lifespan);
    } catch (error) {
      req.log.warn({ err: error }, "Failed to send verify email");
      throw new HttpError(500, { errorMessage: "Failed to send verify email" });
    }
    await recordEvent(server, ctx.realm, {
      type: "SEND_VERIFY_EMAIL",
      clientId: email.clientId,
      userId: user.id,
      ipAddress: ctx.ipAddress,
      details: { email: user.email! },
    });
    await adminEvent(server, ctx, "ACTION", "USER", `users/${user.id}/send-verify-email`);
    return reply.status(204).send();
  });

  /**
   * Keycloak's impersonation: a new SSO session for the user (no client in it
   * yet) whose cookies this answer sets, so the browser is signed in as the
   * user on the account page it is sent to. An administrator of the same realm
   * is signed out of their own session first. Records IMPERSONATE; Keycloak
   * records no admin event for it.
   */
  app.post(`${USER}/impersonation`, { schema: { body: NoBody } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("impersonate", user);
    if (!user.enabled) throw badRequest("User is disabled");
    if (user.serviceAccountClientId) throw badRequest("Service accounts cannot be impersonated");
    const sameRealm = ctx.authRealm.id === ctx.realm.id && ctx.sessionId !== undefined;
    if (sameRealm) {
      const own = db.get("userSessions", ctx.sessionId!);
      if (own) await endSessions(server, [own]);
      clearSsoCookies(server, reply, ctx.realm);
    }
    const session = await startUserSession(server, ctx.realm, user, undefined, {
      ipAddress: ctx.ipAddress,
      authMethod: "impersonate",
      notes: { IMPERSONATOR_ID: ctx.user.id, IMPERSONATOR_USERNAME: ctx.user.username },
    });
    await setSsoCookies(server, reply, ctx.realm, user, session);
    await recordEvent(server, ctx.realm, {
      type: "IMPERSONATE",
      userId: user.id,
      sessionId: session.id,
      ipAddress: ctx.ipAddress,
      details: { impersonator_realm: ctx.authRealm.realm, impersonator: ctx.user.username },
    });
    return { sameRealm, redirect: accountUrl(frontendUrl(server, req), ctx.realm) };
  });
}
