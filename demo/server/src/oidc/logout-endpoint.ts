import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import type { RealmRecord, UserSessionRecord } from "../store/types.ts";
import { clientByClientId, realmByName } from "./lookup.ts";
import { isValidPostLogoutRedirectUri } from "./redirect-uris.ts";
import { sendErrorPage, sendInfoPage, realmTitle } from "./error-page.ts";
import { clearSsoCookies, ssoSessionFromCookie } from "./sso-cookies.ts";
import { verifyToken } from "./verify-token.ts";
import { authenticateClient, type FormBody } from "./client-auth.ts";
import { oauthError } from "./oauth-error.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "./html.ts";
import { endSessions } from "../access/sessions.ts";
import { offlineRecordId } from "../access/offline-sessions.ts";
import { recordEvent } from "../events/record.ts";
import { checkClientRequest } from "../client-policies/client-requests.ts";
import { frontchannelLogoutClients, sendFrontchannelLogoutPage } from "./frontchannel-logout.ts";

type Params = Record<string, string | undefined>;

async function endSession(
  server: ServerContext,
  realm: RealmRecord,
  session: UserSessionRecord,
  clientId: string | undefined,
  req: FastifyRequest,
  redirectUri?: string,
) {
  const ip = req.ip;
  await endSessions(server, [session], { baseUrl: frontendUrl(server, req) });
  await recordEvent(server, realm, {
    type: "LOGOUT",
    clientId,
    userId: session.userId,
    sessionId: session.id,
    ipAddress: ip,
    ...(redirectUri ? { details: { redirect_uri: redirectUri } } : {}),
  });
}

function sendLogoutConfirmation(reply: FastifyReply, realm: RealmRecord, params: Params) {
  const hidden = ["client_id", "post_logout_redirect_uri", "state"]
    .filter((k) => params[k])
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params[k]!)}">`)
    .join("\n");
  const action = `/realms/${encodeURIComponent(realm.realm)}/protocol/openid-connect/logout/logout-confirm`;
  const body = `<h1 id="kc-page-title">Logging out</h1>
<p class="kc-info">Do you want to log out?</p>
<form id="kc-logout-confirm" action="${action}" method="post">
${hidden}
<input type="submit" id="kc-logout" name="confirmLogout" value="Logout">
</form>`;
  return reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(realmTitle(realm), body));
}

/** RP-initiated logout (OIDC): id_token_hint, post_logout_redirect_uri, client_id, state. */
async function logout(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  params: Params,
  confirmed: boolean,
) {
  let hintSid: string | undefined;
  let clientId = params.client_id;
  if (params.id_token_hint) {
    const hint = await verifyToken(server, frontendUrl(server, req), params.id_token_hint, "ID", realm.realm);
    if (!hint) return sendErrorPage(reply, realm, "Invalid parameter: id_token_hint");
    if (clientId && clientId !== hint.payload.azp)
      return sendErrorPage(reply, realm, "Parameter client_id different than the client for which ID Token was issued");
    clientId = hint.payload.azp;
    hintSid = hint.payload.sid;
  }
  const redirect = params.post_logout_redirect_uri;
  if (redirect) {
    if (!clientId) return sendErrorPage(reply, realm, "Missing parameters: id_token_hint");
    const client = clientByClientId(server.db, realm, clientId);
    if (!client) return sendErrorPage(reply, realm, "Client not found.");
    if (!isValidPostLogoutRedirectUri(client, redirect, frontendUrl(server, req)))
      return sendErrorPage(reply, realm, "Invalid redirect uri");
  }
  if (!params.id_token_hint && !confirmed) return sendLogoutConfirmation(reply, realm, params);

  const sso = await ssoSessionFromCookie(server, realm, req);
  const session = sso?.session ?? (hintSid ? server.db.get("userSessions", hintSid) : undefined);
  const location =
    redirect && params.state
      ? `${redirect}${redirect.includes("?") ? "&" : "?"}${new URLSearchParams({ state: params.state })}`
      : redirect;
  if (session && session.realmId === realm.id && session.notes.identity_provider) {
    const { startSamlBrowserLogout } = await import("../broker/saml-logout.ts");
    if (await startSamlBrowserLogout(server, req, reply, realm, session, { clientId, location })) return reply;
    const { startOidcBrowserLogout } = await import("../broker/oidc-logout.ts");
    if (await startOidcBrowserLogout(server, req, reply, realm, session, { clientId, location })) return reply;
  }
  const ownSession = session && session.realmId === realm.id ? session : undefined;
  const frontchannel = ownSession ? frontchannelLogoutClients(server, frontendUrl(server, req), realm, ownSession) : [];
  if (ownSession) await endSession(server, realm, ownSession, clientId, req, redirect);
  clearSsoCookies(server, reply, realm);
  if (frontchannel.length) return sendFrontchannelLogoutPage(reply, realm, frontchannel, location);
  if (location) return reply.status(302).header("location", location).send();
  return sendInfoPage(reply, realm, "You are logged out");
}

/** Back-channel logout with a refresh token (what adapters call): 204. An offline token ends its offline session. */
async function refreshTokenLogout(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  body: FormBody,
) {
  const client = authenticateClient(server.db, realm, req, body);
  await checkClientRequest(server, realm, client, req, "LOGOUT_REQUEST");
  const verified = await verifyToken(
    server,
    frontendUrl(server, req),
    body.refresh_token!,
    ["Refresh", "Offline"],
    realm.realm,
  );
  if (!verified) throw oauthError(400, "invalid_grant", "Invalid refresh token");
  const { payload } = verified;
  if (payload.azp !== client.clientId) throw oauthError(400, "invalid_grant", "Invalid refresh token");
  const sessionId = payload.typ === "Offline" && payload.sid ? offlineRecordId(payload.sid) : payload.sid;
  const session = sessionId ? server.db.get("userSessions", sessionId) : undefined;
  if (session) await endSession(server, realm, session, client.clientId, req);
  // As Keycloak's backchannel logout of an offline session: the regular session of the same sign-in goes too.
  const online = payload.typ === "Offline" && payload.sid ? server.db.get("userSessions", payload.sid) : undefined;
  if (session && online && online.realmId === realm.id)
    await endSessions(server, [online], { baseUrl: frontendUrl(server, req) });
  return reply.status(204).send();
}

export async function registerLogoutEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  const path = "/realms/:realm/protocol/openid-connect/logout";
  const withRealm =
    (handler: (realm: RealmRecord, req: FastifyRequest, reply: FastifyReply) => unknown) =>
    async (req: FastifyRequest<{ Params: { realm: string } }>, reply: FastifyReply) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
      return handler(realm, req, reply);
    };
  app.get(
    path,
    withRealm((realm, req, reply) => logout(server, req, reply, realm, req.query as Params, false)),
  );
  app.post(
    path,
    withRealm((realm, req, reply) => {
      const body = (req.body ?? {}) as Params;
      if (body.refresh_token) return refreshTokenLogout(server, req, reply, realm, body);
      return logout(server, req, reply, realm, body, false);
    }),
  );
  app.post(
    `${path}/logout-confirm`,
    withRealm((realm, req, reply) => logout(server, req, reply, realm, (req.body ?? {}) as Params, true)),
  );
}
