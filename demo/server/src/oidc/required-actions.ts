import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { cancellable, endInitiatedAction } from "./login/initiated-action.ts";
import { realmByName } from "./lookup.ts";
import { findAuthRequest } from "./auth-requests.ts";
import { sendErrorPage, sendInfoPage } from "./error-page.ts";
import { readCookies } from "./sso-cookies.ts";
import { recordEvent } from "../events/record.ts";
import { isContext, loginContextOf } from "./login-action.ts";
import { afterAuthentication } from "./login/after-authentication.ts";
import { completeRequiredAction, nextRequiredAction } from "./login/required-action-handlers.ts";
import { confirmThenRun, followExecuteActionsLink, isExecuteActionsKey } from "./login/execute-actions-token.ts";
import {
  ACTION_BROWSER_COOKIE,
  adminVerificationLink,
  peekVerifyEmailToken,
  takeVerifyEmailToken,
} from "./login/action-verify-email.ts";
import { currentUser, FlowFailure, type Form, type LoginContext } from "./login/login-context.ts";
import { isIdpLinkKey } from "../broker/idp-link-email.ts";
import { followFirstBrokerLoginLink } from "../broker/first-broker-login.ts";
import { followUpdateEmailLink, isUpdateEmailKey } from "./login/action-update-email.ts";

type Query = Record<string, string | undefined>;

async function guarded(ctx: LoginContext, run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FlowFailure) return sendErrorPage(ctx.reply, ctx.realm, error.message);
    throw error;
  }
}

/** Required actions of the browser login (their forms post here) and the email verification link. */
export async function registerRequiredActions(app: FastifyInstance, server: ServerContext): Promise<void> {
  const path = "/realms/:realm/login-actions/required-action";
  const handle = (method: "GET" | "POST") =>
    app.route<{ Params: { realm: string }; Querystring: Query }>({
      method,
      url: path,
      handler: async (req, reply) => {
        const ctx = loginContextOf(server, req, reply, req.params.realm, req.query.tab_id);
        if (!isContext(ctx)) return ctx;
        return guarded(ctx, async () => {
          const user = currentUser(ctx);
          if (!user)
            return sendErrorPage(
              reply,
              ctx.realm,
              "Your login attempt timed out. Login will start from the beginning.",
            );
          const next = nextRequiredAction(ctx, user);
          if (!next) return afterAuthentication(ctx);
          if (method === "GET" || req.query.execution !== next.alias) return next.handler.show(ctx, user);
          const form = (req.body ?? {}) as Form;
          if (form["cancel-aia"] && cancellable(ctx, user, next.alias)) {
            endInitiatedAction(ctx, next.alias, "cancelled");
            return afterAuthentication(ctx);
          }
          const result = await next.handler.process(ctx, user, form);
          if (result !== "done") return result;
          await completeRequiredAction(ctx, currentUser(ctx) ?? user, next.alias);
          endInitiatedAction(ctx, next.alias, "success");
          ctx.request.login.requiredActionDone = next.alias;
          return afterAuthentication(ctx);
        });
      },
    });
  handle("GET");
  handle("POST");

  app.get<{ Params: { realm: string }; Querystring: Query }>(
    "/realms/:realm/login-actions/action-token",
    async (req, reply) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
      const runActions = (tabId: string) => {
        const ctx = loginContextOf(server, req, reply, realm.realm, tabId);
        return isContext(ctx) ? guarded(ctx, () => afterAuthentication(ctx)) : Promise.resolve(ctx);
      };
      const key = req.query.key ?? "";
      if (isIdpLinkKey(key)) return followFirstBrokerLoginLink(server, req, reply, realm, key);
      if (isUpdateEmailKey(key)) return followUpdateEmailLink(server, req, reply, realm, key);
      if (isExecuteActionsKey(key))
        return followExecuteActionsLink(server, reply, realm, key, req.query.tab_id, runActions);
      const adminSent = peekVerifyEmailToken(key);
      if (adminSent && adminSent.browser === "")
        return confirmThenRun(
          server,
          reply,
          realm,
          key,
          adminVerificationLink(server, realm, key, adminSent, req.ip),
          req.query.tab_id,
          runActions,
        );
      const token = takeVerifyEmailToken(req.query.key);
      const user = token && token.realmId === realm.id ? server.db.get("users", token.userId) : undefined;
      if (!token || !user) return sendErrorPage(reply, realm, "Action expired. Please start again.");
      if (user.email !== token.email)
        return sendErrorPage(reply, realm, "The link is not valid for the current email address.");
      const verified = {
        ...user,
        emailVerified: true,
        requiredActions: user.requiredActions.filter((a) => a !== "VERIFY_EMAIL"),
      };
      await server.db.write((tx) => tx.put("users", verified));
      await recordEvent(server, realm, {
        type: "VERIFY_EMAIL",
        clientId: token.clientId,
        userId: user.id,
        ipAddress: req.ip,
        details: { email: user.email ?? "" },
      });
      const sameBrowser = readCookies(req).get(ACTION_BROWSER_COOKIE) === token.browser;
      const pending = findAuthRequest(token.tabId, realm.id);
      if (sameBrowser && pending?.authenticatedUserId === user.id) {
        const ctx = loginContextOf(server, req, reply, realm.realm, token.tabId);
        if (isContext(ctx)) return guarded(ctx, () => afterAuthentication(ctx));
      }
      return sendInfoPage(reply, realm, "Your email address has been verified.");
    },
  );
}
