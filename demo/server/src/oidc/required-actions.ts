import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { clientByClientId, realmByName } from "./lookup.ts";
import { dropAuthRequest, findAuthRequest, type AuthRequest } from "./auth-requests.ts";
import { sendErrorPage } from "./error-page.ts";
import { sendUpdatePasswordPage } from "./update-password-page.ts";
import { completeLogin } from "./complete-login.ts";
import { setUserPassword } from "../access/passwords.ts";
import { startUserSession } from "../access/sessions.ts";
import { recordEvent } from "../events/record.ts";
import { checkPasswordPolicyOf, PasswordPolicyError, rememberCurrentPassword } from "../access/password-policy.ts";

const UPDATE_PASSWORD = "UPDATE_PASSWORD";

export function requiredActionUrl(realm: RealmRecord, clientId: string, tabId: string): string {
  const query = new URLSearchParams({ execution: UPDATE_PASSWORD, client_id: clientId, tab_id: tabId });
  return `/realms/${encodeURIComponent(realm.realm)}/login-actions/required-action?${query}`;
}

/** True when the realm has the UPDATE_PASSWORD required action enabled (Keycloak's default) and the user owes it. */
export function needsPasswordUpdate(server: ServerContext, realm: RealmRecord, user: UserRecord): boolean {
  if (!user.requiredActions.includes(UPDATE_PASSWORD)) return false;
  const action = server.db.get("requiredActions", `${realm.id}/${UPDATE_PASSWORD}`);
  return action?.enabled !== false;
}

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
    ipAddress: req.ip,
    rememberMe: request.rememberMe,
    authMethod: "openid-connect",
  });
  return completeLogin(server, reply, realm, client, user, session, request, req.ip);
}

/** The UPDATE_PASSWORD step of the browser flow (other required actions are not implemented and do not block login). */
export async function registerRequiredActions(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post<{ Params: { realm: string }; Querystring: Record<string, string | undefined> }>(
    "/realms/:realm/login-actions/required-action",
    async (req, reply) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
      const request = findAuthRequest(req.query.tab_id, realm.id);
      const client = request ? clientByClientId(server.db, realm, request.clientId) : undefined;
      const user = request?.authenticatedUserId ? server.db.get("users", request.authenticatedUserId) : undefined;
      if (!request || !client || !user)
        return sendErrorPage(reply, realm, "Your login attempt timed out. Login will start from the beginning.");

      const form = (req.body ?? {}) as Record<string, string | undefined>;
      const password = form["password-new"] ?? "";
      const actionUrl = requiredActionUrl(realm, client.clientId, request.tabId);
      if (!password) return sendUpdatePasswordPage(reply, realm, actionUrl, "Please specify password.");
      if (password !== form["password-confirm"])
        return sendUpdatePasswordPage(reply, realm, actionUrl, "Passwords don't match.");

      try {
        await checkPasswordPolicyOf(realm, user, password);
      } catch (error) {
        if (error instanceof PasswordPolicyError) return sendUpdatePasswordPage(reply, realm, actionUrl, error.message);
        throw error;
      }
      const updated: UserRecord = {
        ...user,
        credentials: [...user.credentials],
        requiredActions: [...user.requiredActions],
      };
      rememberCurrentPassword(realm, updated);
      setUserPassword(updated, password, false);
      await server.db.write((tx) => tx.put("users", updated));
      const details = { custom_required_action: UPDATE_PASSWORD, credential_type: "password" };
      for (const type of ["UPDATE_PASSWORD", "UPDATE_CREDENTIAL"]) {
        await recordEvent(server, realm, {
          type,
          clientId: client.clientId,
          userId: user.id,
          ipAddress: req.ip,
          details,
        });
      }
      return finishLogin(server, req, reply, realm, client, updated, request);
    },
  );
}
