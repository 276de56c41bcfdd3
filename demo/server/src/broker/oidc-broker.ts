import { createHash } from "node:crypto";
import { inflateRawSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { IdentityProviderRecord, RealmRecord } from "../store/types.ts";
import { findIdentityProvider } from "../admin/identity-providers/lookup.ts";
import { recordEvent } from "../events/record.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { sendErrorPage } from "../oidc/error-page.ts";
import { isContext, loginContextOf } from "../oidc/login-action.ts";
import { errorToClient } from "../oidc/login/after-authentication.ts";
import { setUser, type LoginContext } from "../oidc/login/login-context.ts";
import { realmByName } from "../oidc/lookup.ts";
import { loginLocale } from "../oidc/login/login-locale.ts";
import { saveBrokerState, spendBrokerState, spentBrokerState, takeBrokerState } from "./broker-state.ts";
import { refuseMissingRelayState, refuseSpentBrokerState, refuseUnknownBrokerState } from "./broker-state-refusal.ts";
import { withStoredToken } from "./stored-tokens.ts";
import { registerBrokerTokenEndpoint } from "./broker-token-endpoint.ts";
import { tokenRequestAuthentication } from "./oidc-client-authentication.ts";
import { verifiedAccessToken, verifyIdToken } from "./oidc-id-token.ts";
import {
  ACCESS_TOKEN_CLAIMS,
  USER_INFO_CLAIMS,
  mapperSessionNotes,
  updateBrokeredUser,
  withOidcUsernameTemplates,
  withSamlProfileClaims,
  type Claims,
} from "./mappers.ts";
import { registerFirstBrokerLogin, startFirstBrokerLogin } from "./first-broker-login.ts";
import {
  realmEntityUrl,
  refuseSamlResponse,
  SAML_SUBJECT_CLAIM,
  SamlResponseError,
  responseDocument,
  type SamlSubject,
  sendAuthnRequest,
  verifySamlResponse,
} from "./saml-broker.ts";
import { samlSessionNotes, takeSamlLogoutRequest, takeSamlLogoutResponse } from "./saml-logout.ts";
import { oidcSessionNotes, registerOidcLogoutResponse } from "./oidc-logout.ts";
import { finishBrokerLogin, registerPostBrokerLogin } from "./post-broker-login.ts";
import { idpInitiatedLogin, refuseIdpInitiatedLogin } from "../saml-protocol/idp-initiated.ts";
import { brokeredIdentity } from "./broker-events.ts";
import { resolveArtifact, SamlArtifactError } from "./saml-artifact.ts";
import { checkEncodedDestination } from "./saml-destination.ts";
import { loginCodeId } from "../oidc/auth-requests.ts";

type Query = Record<string, string | undefined>;

const UNEXPECTED = "Unexpected error when authenticating with identity provider";
const FETCH_TIMEOUT_MS = 10_000;

const configOf = (idp: IdentityProviderRecord) => (idp.rep.config ?? {}) as Record<string, string>;
const isOidc = (idp: IdentityProviderRecord) => idp.rep.providerId === "oidc" || idp.rep.providerId === "keycloak-oidc";

function endpointUrl(ctx: LoginContext, alias: string): string {
  return `${frontendUrl(ctx.server, ctx.req)}/realms/${encodeURIComponent(ctx.realm.realm)}/broker/${encodeURIComponent(alias)}/endpoint`;
}

async function brokerError(ctx: LoginContext, idp: IdentityProviderRecord, error: string, message = UNEXPECTED) {
  await recordEvent(ctx.server, ctx.realm, {
    type: "IDENTITY_PROVIDER_LOGIN_ERROR",
    clientId: ctx.client.clientId,
    ipAddress: ctx.req.ip,
    error,
    details: { identity_provider: idp.alias, redirect_uri: ctx.request.redirectUri },
  });
  return sendErrorPage(ctx.reply, ctx.realm, message);
}

/** The provider's token endpoint refused the code exchange (wrong client credentials, a spent code). */
class TokenEndpointRefusal extends Error {
  constructor(readonly status: number) {
    super(`token endpoint answered ${status}`);
  }
}

/**
 * Keycloak 26.7.3 on a refused code exchange: IDENTITY_PROVIDER_LOGIN_ERROR `identity_provider_login_failure` with the
 * client and the login's code_id as its only detail, and its "unexpected error" page with 502.
 */
async function tokenExchangeRefused(ctx: LoginContext) {
  await recordEvent(ctx.server, ctx.realm, {
    type: "IDENTITY_PROVIDER_LOGIN_ERROR",
    clientId: ctx.client.clientId,
    ipAddress: ctx.req.ip,
    error: "identity_provider_login_failure",
    details: { code_id: loginCodeId(ctx.request) },
  });
  return sendErrorPage(ctx.reply, ctx.realm, UNEXPECTED, 502);
}

/** The token request, with the client authentication the provider's config asks for. */
async function exchangeCode(ctx: LoginContext, idp: IdentityProviderRecord, code: string, verifier: string) {
  const config = configOf(idp);
  const tokenUrl = config.tokenUrl ?? "";
  const auth = await tokenRequestAuthentication(ctx.server, ctx.realm, config, tokenUrl);
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: endpointUrl(ctx, idp.alias),
    ...auth.form,
  });
  if (config.pkceEnabled === "true") form.set("code_verifier", verifier);
  const response = await fetch(tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", ...auth.headers },
    body: form,
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new TokenEndpointRefusal(response.status);
  const text = await response.text();
  return { text, tokens: JSON.parse(text) as { id_token?: string; access_token?: string } };
}

async function userInfo(idp: IdentityProviderRecord, accessToken: string | undefined): Promise<Claims> {
  const config = configOf(idp);
  if (!accessToken || !config.userInfoUrl || config.disableUserInfo === "true") return {};
  const response = await fetch(config.userInfoUrl, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  return response.ok ? ((await response.json()) as Claims) : {};
}

/**
 * What the provider's authorization request carries from the client's, as Keycloak's OIDC broker: login_hint and
 * max_age when their switches are on, the login's locale as ui_locales when "Pass current locale" is on, the provider's prompt else the client's, and the forwarded query parameters
 * (acr_values unless the provider lists others).
 */
function forwardClientParams(ctx: LoginContext, config: Record<string, string>, query: URLSearchParams) {
  const request = ctx.request;
  if (config.loginHint === "true" && request.loginHint) query.set("login_hint", request.loginHint);
  const prompt = config.prompt || request.login.prompts.join(" ");
  if (prompt) query.set("prompt", prompt);
  if (config.passMaxAge === "true" && request.maxAge) query.set("max_age", request.maxAge);
  if (config.uiLocales === "true") query.set("ui_locales", loginLocale(ctx));
  const forwarded = config.forwardParameters ?? "acr_values";
  for (const name of forwarded.split(/\s*,\s*/).map((n) => n.trim())) {
    const value = name ? request.forwardable?.[name] : undefined;
    if (value && !query.has(name)) query.set(name, value);
  }
}

/** The user linked to this external identity, or a new one made from its claims (first broker login). */
async function brokeredUser(ctx: LoginContext, idp: IdentityProviderRecord, claims: Claims, token?: string) {
  const { db } = ctx.server;
  const subject = String(claims.sub ?? "");
  const linked = db
    .list("users", ctx.realm.id)
    .find((u) => u.federatedIdentities.some((f) => f.identityProvider === idp.alias && f.userId === subject));
  if (linked) {
    const updated = withStoredToken(updateBrokeredUser(ctx.server, ctx.realm, idp, linked, claims), idp, token);
    if (updated !== linked) await db.write((tx) => tx.put("users", updated));
    return { user: updated };
  }
  if (idp.rep.linkOnly === true)
    return { refused: "No account is linked to this identity provider, and it only links accounts." };
  return { firstBrokerLogin: true as const };
}

/** Brokering: /broker/{alias}/login sends the browser to the provider (OpenID Connect or SAML), /endpoint takes its answer. */
export async function registerBrokerRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  await registerFirstBrokerLogin(app, server);
  registerBrokerTokenEndpoint(app, server);
  registerOidcLogoutResponse(app, server);
  registerPostBrokerLogin(app, server);
  app.get<{ Params: { realm: string; alias: string }; Querystring: Query }>(
    "/realms/:realm/broker/:alias/login",
    async (req, reply) => {
      const ctx = loginContextOf(server, req, reply, req.params.realm, req.query.tab_id);
      if (!isContext(ctx)) return ctx;
      const idp = findIdentityProvider(server, ctx.realm, req.params.alias);
      if (!idp || idp.rep.enabled === false)
        return sendErrorPage(reply, ctx.realm, "Could not find an identity provider with the identifier.");
      const { key, saved } = saveBrokerState({ realmId: ctx.realm.id, alias: idp.alias, tabId: ctx.request.tabId });
      if (idp.rep.providerId === "saml") return sendAuthnRequest(ctx, idp, key);
      if (!isOidc(idp))
        return sendErrorPage(reply, ctx.realm, "This server brokers OpenID Connect and SAML providers only so far.");
      const config = configOf(idp);
      const scope = config.defaultScope?.trim() || "openid";
      const query = new URLSearchParams({
        response_type: "code",
        client_id: config.clientId ?? "",
        redirect_uri: endpointUrl(ctx, idp.alias),
        scope: scope.split(/\s+/).includes("openid") ? scope : `openid ${scope}`,
        state: key,
        nonce: saved.nonce,
      });
      if (config.pkceEnabled === "true") {
        const method = config.pkceMethod === "plain" ? "plain" : "S256";
        const challenge =
          method === "plain" ? saved.codeVerifier : createHash("sha256").update(saved.codeVerifier).digest("base64url");
        query.set("code_challenge", challenge);
        query.set("code_challenge_method", method);
      }
      forwardClientParams(ctx, config, query);
      return reply.redirect(`${config.authorizationUrl}?${query}`, 303);
    },
  );

  app.get<{ Params: { realm: string; alias: string }; Querystring: Query }>(
    "/realms/:realm/broker/:alias/endpoint",
    async (req, reply) => {
      const { SAMLResponse, SAMLRequest, SAMLart } = req.query as SamlMessage;
      if (typeof SAMLResponse === "string" || typeof SAMLRequest === "string" || typeof SAMLart === "string") {
        const originalQuery = req.url.slice(req.url.indexOf("?") + 1);
        return samlEndpoint(server, req, reply, req.query as SamlMessage, originalQuery);
      }
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
      const state = takeBrokerState(req.query.state, realm.id, req.params.alias);
      if (!state) {
        const used = spentBrokerState(req.query.state, realm.id, req.params.alias);
        if (used) return refuseSpentBrokerState(server, req, reply, realm, used);
        return refuseUnknownBrokerState(server, req, reply, realm);
      }
      const ctx = loginContextOf(server, req, reply, req.params.realm, state.tabId);
      if (!isContext(ctx)) return ctx;
      spendBrokerState(req.query.state!, {
        realmId: realm.id,
        alias: req.params.alias,
        clientId: ctx.client.clientId,
        redirectUri: ctx.request.redirectUri,
        responseMode: ctx.request.responseMode,
        state: ctx.request.state,
      });
      const idp = findIdentityProvider(server, ctx.realm, req.params.alias);
      if (!idp) return sendErrorPage(reply, ctx.realm, "Could not find an identity provider with the identifier.");
      // a provider's login_required / interaction_required goes back to the client, as Keycloak's passive login errors
      if (req.query.error === "login_required" || req.query.error === "interaction_required")
        return errorToClient(ctx, req.query.error);
      if (req.query.error) return brokerError(ctx, idp, req.query.error);
      let claims: Claims;
      let tokenResponse: string;
      try {
        const { tokens, text } = await exchangeCode(ctx, idp, req.query.code ?? "", state.codeVerifier);
        if (!tokens.id_token) throw new Error("no id_token");
        const payload = await verifyIdToken(idp, tokens.id_token, state.nonce);
        const info = await userInfo(idp, tokens.access_token);
        claims = { ...info, ...payload, [USER_INFO_CLAIMS]: info };
        const accessClaims = await verifiedAccessToken(idp, tokens.access_token);
        if (accessClaims) claims[ACCESS_TOKEN_CLAIMS] = accessClaims;
        tokenResponse = text;
        const identity = String(claims.preferred_username ?? claims.sub ?? "");
        ctx.request.login.sessionNotes = oidcSessionNotes(idp, identity, tokens.id_token);
      } catch (error) {
        if (error instanceof TokenEndpointRefusal) return tokenExchangeRefused(ctx);
        return brokerError(ctx, idp, "identity_provider_login_failure");
      }
      return brokerAuthenticated(ctx, idp, withOidcUsernameTemplates(ctx, idp, claims), tokenResponse);
    },
  );

  app.post<{ Params: { realm: string; alias: string }; Body: unknown }>(
    "/realms/:realm/broker/:alias/endpoint",
    async (req, reply) => {
      const body = (typeof req.body === "object" && req.body !== null ? req.body : {}) as Record<string, unknown>;
      return samlEndpoint(server, req, reply, body);
    },
  );

  // IdP-initiated SSO: an unsolicited response for the SAML client with this "IDP-Initiated SSO URL name"
  app.route<{ Params: { realm: string; alias: string; client: string }; Querystring: Query; Body: unknown }>({
    method: ["GET", "POST"],
    url: "/realms/:realm/broker/:alias/endpoint/clients/:client",
    handler: async (req, reply) => {
      if (req.method === "GET") {
        const originalQuery = req.url.slice(req.url.indexOf("?") + 1);
        return samlEndpoint(server, req, reply, req.query as SamlMessage, originalQuery, req.params.client);
      }
      const body = (typeof req.body === "object" && req.body !== null ? req.body : {}) as Record<string, unknown>;
      return samlEndpoint(server, req, reply, body, undefined, req.params.client);
    },
  });
}

/** Whether a SAMLResponse (base64, deflated first by the redirect binding) is a LogoutResponse. */
function isLogoutResponse(samlResponse: string, deflated: boolean): boolean {
  let start: string;
  try {
    const bytes = Buffer.from(samlResponse, "base64");
    start = deflated
      ? inflateRawSync(bytes, { maxOutputLength: 1 << 20 })
          .toString("utf8")
          .slice(0, 600)
      : Buffer.from(samlResponse.slice(0, 800), "base64").toString("utf8");
  } catch {
    return false;
  }
  return /^(?:<\?xml[^>]*\?>\s*)?<(?:[\w-]+:)?LogoutResponse[\s>]/.test(start);
}

type SamlMessage = {
  SAMLResponse?: unknown;
  /** An artifact of the HTTP-Artifact binding, resolved at the provider's Artifact Resolution Service. */
  SAMLart?: unknown;
  SAMLRequest?: unknown;
  RelayState?: unknown;
  SigAlg?: unknown;
  Signature?: unknown;
};

/**
 * The SAML endpoint: a login response by POST (form) or redirect binding, matched to its login by RelayState; the
 * IdP's LogoutRequest, and its LogoutResponse to a browser logout, by either binding (`originalQuery`: redirect);
 * an artifact (SAMLart, by either binding), resolved first and then taken as the response it stands for.
 */
async function samlEndpoint(
  server: ServerContext,
  req: FastifyRequest<{ Params: { realm: string; alias: string } }>,
  reply: FastifyReply,
  message: SamlMessage,
  bindingQuery?: string,
  clientUrlName?: string,
) {
  const realm = realmByName(server.db, req.params.realm);
  if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
  let samlResponse = typeof message.SAMLResponse === "string" ? message.SAMLResponse : "";
  let originalQuery = bindingQuery;
  const relayState = typeof message.RelayState === "string" ? message.RelayState : undefined;
  let redirect =
    originalQuery === undefined
      ? undefined
      : {
          originalQuery,
          SigAlg: typeof message.SigAlg === "string" ? message.SigAlg : undefined,
          Signature: typeof message.Signature === "string" ? message.Signature : undefined,
        };
  const samlIdp = () => {
    const idp = findIdentityProvider(server, realm, req.params.alias);
    return idp?.rep.providerId === "saml" ? idp : undefined;
  };
  if (typeof message.SAMLRequest === "string" && message.SAMLRequest) {
    const idp = samlIdp();
    if (!idp) return sendErrorPage(reply, realm, "Could not find an identity provider with the identifier.");
    const request = { SAMLRequest: message.SAMLRequest, RelayState: relayState };
    return takeSamlLogoutRequest(server, req, reply, realm, idp, request, redirect);
  }
  let signatureVerified = false;
  if (typeof message.SAMLart === "string" && message.SAMLart) {
    const idp = samlIdp();
    if (!idp) return sendErrorPage(reply, realm, "Could not find an identity provider with the identifier.");
    const endpoint = `${realmEntityUrl(server, req, realm)}/broker/${encodeURIComponent(idp.alias)}/endpoint`;
    try {
      ({ SAMLResponse: samlResponse, signatureVerified } = await resolveArtifact(
        server,
        realm,
        idp,
        message.SAMLart,
        configOf(idp).entityId || realmEntityUrl(server, req, realm),
        clientUrlName ? `${endpoint}/clients/${encodeURIComponent(clientUrlName)}` : endpoint,
      ));
    } catch (error) {
      if (!(error instanceof SamlArtifactError)) throw error;
      if (!error.error) {
        req.log.warn({ err: error }, "SAML artifact not resolved");
        return sendErrorPage(reply, realm, error.message, error.status);
      }
      await recordEvent(server, realm, {
        type: "IDENTITY_PROVIDER_RESPONSE_ERROR",
        ipAddress: req.ip,
        error: error.error,
        ...(error.reason ? { details: { reason: error.reason } } : {}),
      });
      return sendErrorPage(reply, realm, error.message, error.status);
    }
    // the Response the artifact stood for is taken as if it had been posted
    originalQuery = undefined;
    redirect = undefined;
  }
  if (!samlResponse) return sendErrorPage(reply, realm, "Invalid or missing action.");
  if (isLogoutResponse(samlResponse, redirect !== undefined)) {
    const idp = samlIdp();
    if (!idp) return sendErrorPage(reply, realm, "Could not find an identity provider with the identifier.");
    const response = { SAMLResponse: samlResponse, RelayState: relayState };
    return takeSamlLogoutResponse(server, req, reply, realm, idp, response, redirect);
  }
  // Keycloak checks the response's Destination before it looks for the login or the IdP-initiated client
  const endpoint = `${realmEntityUrl(server, req, realm)}/broker/${encodeURIComponent(req.params.alias)}/endpoint`;
  const expectedDestination = clientUrlName ? `${endpoint}/clients/${encodeURIComponent(clientUrlName)}` : endpoint;
  try {
    if (samlIdp()) {
      checkEncodedDestination(samlResponse, originalQuery, expectedDestination);
      responseDocument(samlResponse, originalQuery !== undefined);
    }
  } catch (error) {
    if (!(error instanceof SamlResponseError)) throw error;
    return refuseSamlResponse(server, req, reply, realm, error);
  }
  const ctx = clientUrlName
    ? await idpInitiatedContext(server, req, reply, realm, clientUrlName)
    : await brokerStateContext(server, req, reply, realm, relayState);
  if (!isContext(ctx)) return ctx;
  const idp = findIdentityProvider(server, ctx.realm, req.params.alias);
  if (!idp || idp.rep.providerId !== "saml")
    return sendErrorPage(reply, ctx.realm, "Could not find an identity provider with the identifier.");
  let claims: Claims;
  try {
    claims = await verifySamlResponse(
      server,
      req,
      ctx.realm,
      idp,
      { SAMLResponse: samlResponse, RelayState: relayState },
      { expectedDestination, originalQuery, signatureVerified },
    );
  } catch (error) {
    const refused =
      error instanceof SamlResponseError ? error : new SamlResponseError("invalid_saml_response", "Invalid requester");
    return refuseSamlResponse(server, req, reply, ctx.realm, refused);
  }
  const subject = claims[SAML_SUBJECT_CLAIM] as SamlSubject | undefined;
  if (subject?.nameID)
    ctx.request.login.sessionNotes = samlSessionNotes(idp, subject, realmEntityUrl(server, req, ctx.realm));
  return brokerAuthenticated(ctx, idp, withSamlProfileClaims(server, ctx.realm, idp, claims));
}

/** The login a SAML login response answers, by the broker state its RelayState names. */
function brokerStateContext(
  server: ServerContext,
  req: FastifyRequest<{ Params: { realm: string; alias: string } }>,
  reply: FastifyReply,
  realm: RealmRecord,
  relayState: string | undefined,
): Promise<LoginContext | FastifyReply> | LoginContext | FastifyReply {
  const state = takeBrokerState(relayState, realm.id, req.params.alias);
  if (state) return loginContextOf(server, req, reply, req.params.realm, state.tabId);
  // Keycloak 26.7.3 (measured): without RelayState a LOGIN_ERROR invalid_saml_response; with one it never issued, as
  // the OpenID Connect endpoint's unknown state
  return relayState === undefined
    ? refuseMissingRelayState(server, req, reply, realm)
    : refuseUnknownBrokerState(server, req, reply, realm);
}

/**
 * An unsolicited response (IdP-initiated SSO) starts a login of the SAML client it names, as Keycloak's
 * SAMLEndpoint does before it verifies the response; a refused one is never verified.
 */
async function idpInitiatedContext(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  clientUrlName: string,
): Promise<LoginContext | FastifyReply> {
  const login = idpInitiatedLogin(server, realm, clientUrlName);
  if ("error" in login) return refuseIdpInitiatedLogin(server, req, reply, realm, login);
  return { server, req, reply, realm, client: login.client, request: login.request };
}

/** What follows a verified answer of any provider: the linked user, or the first broker login. */
async function brokerAuthenticated(ctx: LoginContext, idp: IdentityProviderRecord, claims: Claims, token?: string) {
  const outcome = await brokeredUser(ctx, idp, claims, token);
  if ("refused" in outcome) return brokerError(ctx, idp, "federated_identity_account_exists", outcome.refused);
  // no IDENTITY_PROVIDER_LOGIN: Keycloak 26.7.3 records the sign-in as the LOGIN, which names the provider
  ctx.request.login.brokered = brokeredIdentity(idp, claims);
  if ("firstBrokerLogin" in outcome) return startFirstBrokerLogin(ctx, idp, claims, token);
  setUser(ctx, outcome.user);
  const notes = mapperSessionNotes(ctx.server, ctx.realm, idp, claims, false);
  ctx.request.login.sessionNotes = { ...ctx.request.login.sessionNotes, ...notes };
  return finishBrokerLogin(ctx, idp);
}
