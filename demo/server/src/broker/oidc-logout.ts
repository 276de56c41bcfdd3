import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { IdentityProviderRecord, RealmRecord, UserSessionRecord } from "../store/types.ts";
import { findIdentityProvider } from "../admin/identity-providers/lookup.ts";
import { recordEvent } from "../events/record.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { sendErrorPage } from "../oidc/error-page.ts";
import { realmByName } from "../oidc/lookup.ts";
import { awaitProviderLogout, finishBrowserLogout, pendingProviderLogout } from "./browser-logout-finish.ts";

/** User session notes of an OpenID Connect-brokered login, with Keycloak's names. */
const NOTE = { provider: "identity_provider", identity: "identity_provider_identity", idToken: "FEDERATED_ID_TOKEN" };

const BACKCHANNEL_TIMEOUT_MS = 10_000;
const UNEXPECTED = "Unexpected error when authenticating with identity provider";

export function oidcSessionNotes(idp: IdentityProviderRecord, identity: string, idToken: string) {
  return { [NOTE.provider]: idp.alias, [NOTE.identity]: identity, [NOTE.idToken]: idToken };
}

const configOf = (idp: IdentityProviderRecord) => (idp.rep.config ?? {}) as Record<string, string>;

/** The enabled OpenID Connect provider a session came through, when that provider has a logout URL. */
function logoutTarget(server: ServerContext, session: UserSessionRecord) {
  const alias = session.notes[NOTE.provider];
  const realm = server.db.get("realms", session.realmId);
  if (!alias || !realm) return undefined;
  const idp = findIdentityProvider(server, realm, alias);
  if (!idp || idp.rep.enabled === false) return undefined;
  if (idp.rep.providerId !== "oidc" && idp.rep.providerId !== "keycloak-oidc") return undefined;
  const config = configOf(idp);
  const logoutUrl = config.logoutUrl?.trim();
  if (!logoutUrl) return undefined;
  return { realm, idp, config, logoutUrl, idToken: session.notes[NOTE.idToken] };
}

/** The provider's end-session URL with `state` and, as its "Send id_token_hint" / "Send client_id" switches say, those. */
function logoutRequestUrl(target: NonNullable<ReturnType<typeof logoutTarget>>, sessionId: string): URL {
  const url = new URL(target.logoutUrl);
  url.searchParams.set("state", sessionId);
  // Keycloak's defaults: id_token_hint unless switched off, client_id only when switched on
  if (target.config.sendIdTokenOnLogout !== "false" && target.idToken)
    url.searchParams.set("id_token_hint", target.idToken);
  if (target.config.sendClientIdOnLogout === "true") url.searchParams.set("client_id", target.config.clientId ?? "");
  return url;
}

/**
 * Keycloak's OIDCIdentityProvider.backchannelLogout: each ended session brokered through an OpenID Connect provider with
 * a logout URL, "Backchannel logout" on and the provider's ID token kept, is ended there by a GET of that URL.
 * Failures are ignored, never thrown.
 */
export async function logoutFromOidcProviders(server: ServerContext, sessions: UserSessionRecord[]) {
  await Promise.all(
    sessions.map(async (session) => {
      const target = logoutTarget(server, session);
      if (!target || target.config.backchannelSupported !== "true" || !target.idToken) return;
      try {
        await fetch(logoutRequestUrl(target, session.id), { signal: AbortSignal.timeout(BACKCHANNEL_TIMEOUT_MS) });
      } catch {
        // as in Keycloak, a provider that cannot be reached does not keep the session alive
      }
    }),
  );
}

/**
 * Keycloak's OIDCIdentityProvider.keycloakInitiatedBrowserLogout: a session that came through an OpenID Connect
 * provider with a logout URL sends the browser to that URL (post_logout_redirect_uri: the broker's logout_response
 * endpoint), unless back-channel logout is on and the ID token was kept: then the session ends here and the
 * back-channel call ends it there. Answers whether the browser was sent away.
 */
export async function startOidcBrowserLogout(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  session: UserSessionRecord,
  finish: { clientId?: string; location?: string },
): Promise<boolean> {
  const target = logoutTarget(server, session);
  if (!target || (target.config.backchannelSupported === "true" && target.idToken)) return false;
  const url = logoutRequestUrl(target, session.id);
  const realmPath = `/realms/${encodeURIComponent(realm.realm)}/broker/${encodeURIComponent(target.idp.alias)}`;
  url.searchParams.set("post_logout_redirect_uri", `${frontendUrl(server, req)}${realmPath}/endpoint/logout_response`);
  await awaitProviderLogout(server, session, target.idp.alias, finish);
  await reply.redirect(url.toString(), 302);
  return true;
}

/** Keycloak's OIDCEndpoint.logoutResponse: the provider's redirect back ends the session `state` names. */
async function logoutResponse(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  alias: string,
  state: string | undefined,
) {
  const pending = pendingProviderLogout(server, realm, state, alias);
  if (!pending) {
    await recordEvent(server, realm, {
      type: "LOGOUT_ERROR",
      ipAddress: req.ip,
      error: "user_session_not_found",
    });
    return sendErrorPage(reply, realm, UNEXPECTED);
  }
  return finishBrowserLogout(server, req, reply, realm, pending.session, pending.finish);
}

export function registerOidcLogoutResponse(app: FastifyInstance, server: ServerContext): void {
  app.get<{ Params: { realm: string; alias: string }; Querystring: { state?: string } }>(
    "/realms/:realm/broker/:alias/endpoint/logout_response",
    async (req, reply) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
      const state = typeof req.query.state === "string" ? req.query.state : undefined;
      return logoutResponse(server, req, reply, realm, req.params.alias, state);
    },
  );
}
