import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import { clientByClientId, realmByName, userByLogin } from "./lookup.ts";
import { dropAuthRequest, findAuthRequest } from "./auth-requests.ts";
import { loginActionUrl } from "./auth-endpoint.ts";
import { sendErrorPage } from "./error-page.ts";
import { sendLoginPage } from "./login-page.ts";
import { completeLogin } from "./complete-login.ts";
import { ssoSessionFromCookie } from "./sso-cookies.ts";
import { verifyUserPassword } from "../access/passwords.ts";
import { clearLoginFailures, isLockedOut, recordLoginFailure } from "../access/brute-force.ts";
import { endSessions } from "../access/sessions.ts";
import { finishLogin, needsPasswordUpdate, requiredActionUrl } from "./required-actions.ts";
import { sendUpdatePasswordPage } from "./update-password-page.ts";
import { recordEvent } from "../events/record.ts";

const INVALID_USER = "Invalid username or password.";
const ACCOUNT_DISABLED = "Account is disabled, contact your administrator.";

type Form = Record<string, string | undefined>;

/** The username/password form submission of the browser flow. */
export async function registerLoginAction(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post<{ Params: { realm: string }; Querystring: Form }>(
    "/realms/:realm/login-actions/authenticate",
    async (req, reply) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
      const request = findAuthRequest(req.query.tab_id, realm.id);
      const client = request ? clientByClientId(server.db, realm, request.clientId) : undefined;
      if (!request || !client)
        return sendErrorPage(reply, realm, "Your login attempt timed out. Login will start from the beginning.");

      const form = (req.body ?? {}) as Form;
      const username = (form.username ?? "").trim();
      const actionUrl = loginActionUrl(realm, client.clientId, request.tabId);
      const details = { auth_method: "openid-connect", auth_type: "code", redirect_uri: request.redirectUri, username };
      const reject = async (message: string, error: string, userId?: string) => {
        await recordEvent(server, realm, {
          type: "LOGIN_ERROR",
          clientId: client.clientId,
          userId,
          ipAddress: req.ip,
          error,
          details,
        });
        return sendLoginPage(reply, realm, { actionUrl, username, error: message });
      };

      const user = username ? userByLogin(server.db, realm, username) : undefined;
      if (!user) return reject(INVALID_USER, "user_not_found");
      if (!user.enabled) return reject(ACCOUNT_DISABLED, "user_disabled", user.id);
      if (isLockedOut(server, realm, user)) return reject(INVALID_USER, "user_temporarily_disabled", user.id);
      if (!(await verifyUserPassword(user, form.password ?? ""))) {
        await recordLoginFailure(server, realm, user, req.ip);
        return reject(INVALID_USER, "invalid_user_credentials", user.id);
      }
      await clearLoginFailures(server, realm, user);
      request.rememberMe = realm.settings.rememberMe === true && form.rememberMe === "on";

      const previous = await ssoSessionFromCookie(server, realm, req);
      if (previous && previous.user.id !== user.id) await endSessions(server, [previous.session]);
      if (needsPasswordUpdate(server, realm, user)) {
        request.authenticatedUserId = user.id;
        return sendUpdatePasswordPage(reply, realm, requiredActionUrl(realm, client.clientId, request.tabId));
      }
      if (previous && previous.user.id === user.id) {
        dropAuthRequest(request.tabId);
        return completeLogin(server, reply, realm, client, user, previous.session, request, req.ip);
      }
      return finishLogin(server, req, reply, realm, client, user, request);
    },
  );
}
