import { inflateRawSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Profile } from "@node-saml/node-saml";
import { signSamlPost } from "@node-saml/node-saml/lib/saml-post-signing.js";
import type { ServerContext } from "../context.ts";
import type { IdentityProviderRecord, RealmRecord, UserSessionRecord } from "../store/types.ts";
import { findIdentityProvider } from "../admin/identity-providers/lookup.ts";
import { sendAuthResponse } from "../oidc/auth-response.ts";
import { sendErrorPage, sendInfoPage } from "../oidc/error-page.ts";
import { endSessions } from "../access/sessions.ts";
import { recordEvent } from "../events/record.ts";
import { realmSigningKey } from "../oidc/keys.ts";
import { awaitProviderLogout, finishBrowserLogout, pendingProviderLogout } from "./browser-logout-finish.ts";
import {
  configOf,
  realmEntityUrl,
  refuseSamlResponse,
  SamlResponseError,
  serviceProvider,
  type SamlSubject,
} from "./saml-broker.ts";
import { checkEncodedDestination } from "./saml-destination.ts";

/** User session notes of a SAML-brokered login, as Keycloak keeps them for single logout. */
const NOTE = {
  provider: "identity_provider",
  identity: "identity_provider_identity",
  nameId: "SAML_FEDERATED_SUBJECT",
  nameIdFormat: "SAML_FEDERATED_SUBJECT_NAMEFORMAT",
  sessionIndex: "SAML_FEDERATED_SESSION_INDEX",
  /** The realm's URL the login came through: the issuer of a later LogoutRequest sent without a request. */
  realmUrl: "SAML_FEDERATED_REALM_URL",
} as const;

const BACKCHANNEL_TIMEOUT_MS = 10_000;

export function samlSessionNotes(idp: IdentityProviderRecord, subject: SamlSubject, realmUrl: string) {
  return {
    [NOTE.provider]: idp.alias,
    [NOTE.identity]: subject.nameID,
    [NOTE.nameId]: subject.nameID,
    ...(subject.nameIDFormat ? { [NOTE.nameIdFormat]: subject.nameIDFormat } : {}),
    ...(subject.sessionIndex ? { [NOTE.sessionIndex]: subject.sessionIndex } : {}),
    [NOTE.realmUrl]: realmUrl,
  };
}

/** The SAML provider a session was brokered through, when it is one that takes back-channel logout. */
function backchannelProvider(server: ServerContext, session: UserSessionRecord) {
  const alias = session.notes[NOTE.provider];
  const nameID = session.notes[NOTE.nameId];
  const realm = server.db.get("realms", session.realmId);
  if (!alias || !nameID || !realm) return undefined;
  const idp = findIdentityProvider(server, realm, alias);
  if (!idp || idp.rep.providerId !== "saml" || idp.rep.enabled === false) return undefined;
  const config = configOf(idp);
  if (config.backchannelSupported !== "true" || !config.singleLogoutServiceUrl) return undefined;
  return { realm, idp, nameID };
}

/**
 * Keycloak's SAMLIdentityProvider.backchannelLogout: for each ended session brokered through a SAML provider with a
 * Single Logout Service URL and back-channel logout on, a LogoutRequest (NameID and SessionIndex of the login,
 * signed when the provider wants signed requests) is POSTed to that URL. Failures are ignored, never thrown.
 */
export async function logoutFromSamlProviders(server: ServerContext, sessions: UserSessionRecord[]) {
  await Promise.all(
    sessions.map(async (session) => {
      const target = backchannelProvider(server, session);
      if (!target) return;
      const { realm, idp, nameID } = target;
      const config = configOf(idp);
      try {
        const realmUrl = session.notes[NOTE.realmUrl] ?? "";
        const sp = await serviceProvider(server, realmUrl, realm, idp);
        let xml = await sp._generateLogoutRequest({
          nameID,
          nameIDFormat: session.notes[NOTE.nameIdFormat] ?? "urn:oasis:names:tc:SAML:2.0:nameid-format:unspecified",
          sessionIndex: session.notes[NOTE.sessionIndex],
        } as Profile);
        if (config.wantAuthnRequestsSigned === "true") xml = await signed(server, realm, xml, sp.options);
        await fetch(config.singleLogoutServiceUrl!, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ SAMLRequest: Buffer.from(xml).toString("base64") }),
          signal: AbortSignal.timeout(BACKCHANNEL_TIMEOUT_MS),
        });
      } catch {
        // as in Keycloak, an IdP that cannot be reached does not keep the session alive
      }
    }),
  );
}

async function signed(
  server: ServerContext,
  realm: RealmRecord,
  xml: string,
  options: { signatureAlgorithm?: string; privateKey?: string | Buffer },
) {
  const key = await realmSigningKey(server, realm, "RS256");
  const privateKey = options.privateKey ?? key.privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  return signSamlPost(xml, "/*[local-name(.)='LogoutRequest' or local-name(.)='LogoutResponse']", {
    privateKey,
    signatureAlgorithm: (options.signatureAlgorithm ?? "sha256") as "sha256",
    digestAlgorithm: "sha256",
  });
}

/** A SAML message as the HTTP-Redirect binding carries it: the query string that was signed, and its signature. */
export interface RedirectBinding {
  originalQuery: string;
  SigAlg?: string;
  Signature?: string;
}

/**
 * node-saml's redirect-binding check over the query a message came with. node-saml accepts a query without any
 * signature; Keycloak's RedirectBinding refuses one when the provider validates signatures.
 */
async function validateRedirect(
  sp: Awaited<ReturnType<typeof serviceProvider>>,
  message: { SAMLRequest?: string; SAMLResponse?: string; RelayState?: string },
  redirect: RedirectBinding,
) {
  if (!redirect.Signature || !redirect.SigAlg) throw new Error("the redirect binding carries no signature");
  return sp.validateRedirectAsync(
    { ...message, SigAlg: redirect.SigAlg, Signature: redirect.Signature },
    redirect.originalQuery,
  );
}

const inflatedXml = (encoded: string) =>
  inflateRawSync(Buffer.from(encoded, "base64"), { maxOutputLength: 1 << 20 }).toString("utf8");

/**
 * Sends a LogoutRequest or LogoutResponse to the provider's Single Logout Service by the binding "HTTP-POST binding
 * logout" names: an auto-submitted form (the XML signed when the provider wants signed requests), or a redirect
 * whose query node-saml deflates and signs.
 */
async function sendToSingleLogoutService(
  server: ServerContext,
  reply: FastifyReply,
  realm: RealmRecord,
  idp: IdentityProviderRecord,
  sp: Awaited<ReturnType<typeof serviceProvider>>,
  message: { request: Profile } | { response: Profile },
  relayState: string | undefined,
) {
  const config = configOf(idp);
  const url = config.singleLogoutServiceUrl!;
  if (config.postBindingLogout === "true") {
    let xml =
      "request" in message
        ? await sp._generateLogoutRequest(message.request)
        : sp._generateLogoutResponse(message.response, true);
    if (config.wantAuthnRequestsSigned === "true") xml = await signed(server, realm, xml, sp.options);
    const field = "request" in message ? "SAMLRequest" : "SAMLResponse";
    const relay = relayState ? { RelayState: relayState } : {};
    return sendAuthResponse(reply, url, "form_post", { [field]: Buffer.from(xml).toString("base64"), ...relay });
  }
  // the redirect binding always deflates, whatever the AuthnRequest binding set
  sp.options.skipRequestCompression = false;
  const location =
    "request" in message
      ? await sp.getLogoutUrlAsync(message.request, relayState ?? "", {})
      : await sp.getLogoutResponseUrlAsync(message.response, relayState ?? "", {}, true);
  return reply.redirect(location, 302);
}

/**
 * The IdP's LogoutRequest at the broker endpoint (Keycloak's SAMLEndpoint.logoutRequest), by POST or, with
 * `redirect`, by the HTTP-Redirect binding: its signature checked when the provider validates signatures, the
 * sessions brokered for its NameID (and SessionIndex, when given) ended without calling the IdP back, and a
 * LogoutResponse sent to the provider's Single Logout Service. As in Keycloak 26, a successful logout saves no event.
 */
export async function takeSamlLogoutRequest(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  idp: IdentityProviderRecord,
  message: { SAMLRequest: string; RelayState?: string },
  redirect?: RedirectBinding,
) {
  const config = configOf(idp);
  const realmUrl = realmEntityUrl(server, req, realm);
  const sp = await serviceProvider(server, realmUrl, realm, idp);
  let profile: Profile | null;
  try {
    if (config.validateSignature === "true")
      profile = redirect
        ? (await validateRedirect(sp, message, redirect)).profile
        : (await sp.validatePostRequestAsync({ SAMLRequest: message.SAMLRequest })).profile;
    else
      profile = await sp.readUnverifiedLogoutRequestAsync(
        redirect ? inflatedXml(message.SAMLRequest) : Buffer.from(message.SAMLRequest, "base64").toString("utf8"),
      );
  } catch {
    await recordEvent(server, realm, {
      type: "IDENTITY_PROVIDER_RESPONSE_ERROR",
      ipAddress: req.ip,
      error: "invalid_signature",
      details: { identity_provider: idp.alias },
    });
    return sendErrorPage(reply, realm, "Invalid requester");
  }
  if (!profile?.nameID) {
    await recordEvent(server, realm, {
      type: "LOGOUT_ERROR",
      ipAddress: req.ip,
      error: "invalid_logout_request",
      details: { identity_provider: idp.alias },
    });
    return sendErrorPage(reply, realm, "SAML IdP Logout Failure");
  }
  const ended = server.db
    .list("userSessions", realm.id)
    .filter(
      (s) =>
        s.notes[NOTE.provider] === idp.alias &&
        s.notes[NOTE.nameId] === profile.nameID &&
        (!profile.sessionIndex || s.notes[NOTE.sessionIndex] === profile.sessionIndex),
    );
  await endSessions(server, ended, { logoutBrokers: false });
  if (!config.singleLogoutServiceUrl) return sendInfoPage(reply, realm, "You are logged out");
  return sendToSingleLogoutService(server, reply, realm, idp, sp, { response: profile }, message.RelayState);
}

/**
 * Keycloak's SAMLIdentityProvider.keycloakInitiatedBrowserLogout: when the session being signed out in the browser
 * came through a SAML provider with a Single Logout Service and no back-channel logout, the browser is sent to the
 * IdP with a LogoutRequest (POST or redirect binding, per "HTTP-POST binding logout"), and the logout finishes when
 * its LogoutResponse comes back. Answers undefined when the session needs no such round trip.
 */
export async function startSamlBrowserLogout(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  session: UserSessionRecord,
  finish: { clientId?: string; location?: string },
) {
  const alias = session.notes[NOTE.provider];
  const nameID = session.notes[NOTE.nameId];
  const idp = alias ? findIdentityProvider(server, realm, alias) : undefined;
  if (!idp || !nameID || idp.rep.providerId !== "saml" || idp.rep.enabled === false) return false;
  const config = configOf(idp);
  if (!config.singleLogoutServiceUrl || config.backchannelSupported === "true") return false;
  const sp = await serviceProvider(server, realmEntityUrl(server, req, realm), realm, idp);
  // as Keycloak, the RelayState is the session's id: its LogoutResponse finds the session signing out
  const relayState = session.id;
  await awaitProviderLogout(server, session, idp.alias, finish);
  const subject = {
    nameID,
    nameIDFormat: session.notes[NOTE.nameIdFormat] ?? "urn:oasis:names:tc:SAML:2.0:nameid-format:unspecified",
    sessionIndex: session.notes[NOTE.sessionIndex],
  } as Profile;
  await sendToSingleLogoutService(server, reply, realm, idp, sp, { request: subject }, relayState);
  return true;
}

/**
 * The IdP's LogoutResponse at the broker endpoint (Keycloak's SAMLEndpoint.handleLogoutResponse): verified when the
 * provider validates signatures (by POST, or by the HTTP-Redirect binding with `redirect`), it finishes the browser
 * logout its RelayState names.
 */
export async function takeSamlLogoutResponse(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  idp: IdentityProviderRecord,
  message: { SAMLResponse: string; RelayState?: string },
  redirect?: RedirectBinding,
) {
  // Keycloak checks a LogoutResponse's Destination as a login response's, before its signature and its logout
  try {
    const endpoint = `${realmEntityUrl(server, req, realm)}/broker/${encodeURIComponent(idp.alias)}/endpoint`;
    checkEncodedDestination(message.SAMLResponse, redirect?.originalQuery, endpoint);
  } catch (error) {
    if (!(error instanceof SamlResponseError)) throw error;
    return refuseSamlResponse(server, req, reply, realm, error);
  }
  const pending = pendingProviderLogout(server, realm, message.RelayState, idp.alias);
  if (!pending) return sendErrorPage(reply, realm, "Unexpected error when authenticating with identity provider");
  const sp = await serviceProvider(server, realmEntityUrl(server, req, realm), realm, idp);
  try {
    if (configOf(idp).validateSignature === "true")
      await (redirect ? validateRedirect(sp, message, redirect) : sp.validatePostResponseAsync(message));
  } catch {
    return sendErrorPage(reply, realm, "Invalid requester");
  }
  return finishBrowserLogout(server, req, reply, realm, pending.session, pending.finish);
}
