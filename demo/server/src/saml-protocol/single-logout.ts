import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord, UserSessionRecord } from "../store/types.ts";
import { clientAttribute } from "../oidc/lookup.ts";
import { clearSsoCookies, ssoSessionFromCookie } from "../oidc/sso-cookies.ts";
import { endSessions, isSessionActive } from "../access/sessions.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { recordEvent } from "../events/record.ts";
import { realmEntityUrl } from "../broker/saml-broker.ts";
import { sendErrorPage } from "../oidc/error-page.ts";
import type { SamlBindingMessage, SamlRequest } from "./saml-request.ts";
import { deliverSamlResponse } from "./login-response.ts";
import { logoutResponseXml } from "./logout-response.ts";

export interface SamlEndpointContext {
  server: ServerContext;
  req: FastifyRequest;
  reply: FastifyReply;
  realm: RealmRecord;
  client: ClientRecord;
}

/** The client's single logout service URL for a binding, else its management URL (Keycloak's getLogoutServiceUrl). */
export function logoutServiceUrl(client: ClientRecord, binding: "post" | "redirect"): string | undefined {
  const configured = clientAttribute(client, `saml_single_logout_service_url_${binding}`)?.trim();
  const managementUrl = typeof client.rep.adminUrl === "string" ? client.rep.adminUrl.trim() : "";
  return configured || managementUrl || undefined;
}

/** The user session a SessionIndex names (`<user session id>::<client id>`), when that client is in it. */
function sessionOfIndex(ctx: SamlEndpointContext, index: string): UserSessionRecord | undefined {
  const [sessionId, clientId] = index.split("::");
  const session = sessionId ? ctx.server.db.get("userSessions", sessionId) : undefined;
  if (!session || session.realmId !== ctx.realm.id || !isSessionActive(ctx.realm, session)) return undefined;
  return clientId && session.clients[clientId] ? session : undefined;
}

/**
 * Keycloak's SamlService logout request: the session of the browser's SSO cookie ends (a LOGOUT event, the cookies
 * cleared), else the sessions its SessionIndex values name; then a LogoutResponse goes to the client's logout service
 * URL by the request's binding (the POST one when the client forces it and has a POST URL, for a browser session).
 */
export async function logoutRequest(ctx: SamlEndpointContext, message: SamlBindingMessage, request: SamlRequest) {
  const { server, req, reply, realm, client } = ctx;
  const sso = await ssoSessionFromCookie(server, realm, req);
  let binding: "post" | "redirect" = message.redirect ? "redirect" : "post";
  if (sso && clientAttribute(client, "saml.force.post.binding") !== "false" && logoutServiceUrl(client, "post"))
    binding = "post";
  const destination = logoutServiceUrl(client, binding);
  if (!destination) return sendErrorPage(reply, realm, "Invalid redirect uri");
  const baseUrl = frontendUrl(server, req);
  if (sso) {
    await endSessions(server, [sso.session], { baseUrl });
    clearSsoCookies(server, reply, realm);
    await recordEvent(server, realm, {
      type: "LOGOUT",
      clientId: client.clientId,
      userId: sso.user.id,
      sessionId: sso.session.id,
      ipAddress: req.ip,
      details: {
        SAML_LOGOUT_REQUEST_ID: request.id,
        auth_method: "saml",
        redirect_uri: destination,
        username: sso.user.username,
        response_mode: binding,
      },
    });
  } else {
    const sessions = request.sessionIndexes
      .map((index) => sessionOfIndex(ctx, index))
      .filter((session) => session !== undefined);
    await endSessions(server, sessions, { baseUrl });
    // Keycloak 26.7.3's event of a back-channel logout names the request's method: get (redirect binding) or post
    for (const session of sessions)
      await recordEvent(server, realm, {
        type: "LOGOUT",
        clientId: client.clientId,
        userId: session.userId,
        sessionId: session.id,
        ipAddress: req.ip,
        details: {
          auth_method: "saml",
          username: server.db.get("users", session.userId)?.username ?? "",
          response_mode: message.redirect ? "get" : "post",
        },
      });
  }
  const xml = logoutResponseXml({
    realmUrl: realmEntityUrl(server, req, realm),
    destination,
    inResponseTo: request.id,
  });
  const target = { realm, client, destination, relayState: message.RelayState };
  return deliverSamlResponse(server, reply, target, xml, binding);
}
