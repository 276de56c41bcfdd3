import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { clientByClientId, realmByName, realmNumber } from "./lookup.ts";
import { saveAuthRequest, type ResponseMode } from "./auth-requests.ts";
import { sendAuthResponse } from "./auth-response.ts";
import { sendErrorPage } from "./error-page.ts";
import { ssoSessionFromCookie } from "./sso-cookies.ts";
import { issuerOf } from "./tokens.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { authParamsError } from "./auth-params.ts";
import { authorizationRedirectUri } from "./redirect-uris.ts";
import { forgetPushedRequest, pushedParams, pushedRequestParams, requiresPushedRequests } from "./par.ts";
import { browserFlowOf, runBrowserFlow } from "./login/browser-flow.ts";
import { afterAuthentication } from "./login/after-authentication.ts";
import { startInitiatedAction } from "./login/initiated-action.ts";
import { FlowFailure, type LoginContext } from "./login/login-context.ts";
import { findIdentityProvider } from "../admin/identity-providers/lookup.ts";
import { configOfExecution, sortedExecutions } from "../admin/authentication/lookup.ts";
import type { AuthExecutionRecord, AuthFlowRecord, ClientRecord, RealmRecord } from "../store/types.ts";
import { onAuthorizationRequest, onPreAuthorizationRequest, recordPolicyRefusal } from "../client-policies/events.ts";
import type { ClientPolicyError } from "../client-policies/types.ts";
import { brokerLoginUrl } from "../broker/login-buttons.ts";
import { refuseInvalidScopes } from "./scope-refusal.ts";

type Params = Record<string, string | undefined>;

const isImplicitOrHybrid = (responseType: string | undefined) =>
  /^(code |)(id_token|token|id_token token)$/.test(responseType ?? "");

/** The client policies on the authorization request; a refusal is recorded as LOGIN_ERROR, as Keycloak records it. */
async function refusedByClientPolicies(
  server: ServerContext,
  req: FastifyRequest,
  realm: RealmRecord,
  client: ClientRecord,
  params: Params,
): Promise<ClientPolicyError | undefined> {
  const responseType = params.response_type ?? "";
  const refusal = await onAuthorizationRequest(server, realm, client, {
    responseType,
    responseMode: params.response_mode,
    redirectUri: params.redirect_uri,
    scope: params.scope,
    nonce: params.nonce,
    state: params.state,
    codeChallenge: params.code_challenge,
    codeChallengeMethod: params.code_challenge_method,
    acrValues: params.acr_values,
    claims: params.claims,
  });
  if (refusal)
    await recordPolicyRefusal(server, realm, refusal, {
      type: "LOGIN_ERROR",
      clientId: client.clientId,
      ipAddress: req.ip,
      details: {
        response_type: responseType,
        redirect_uri: params.redirect_uri ?? "",
        response_mode: params.response_mode ?? (responseType === "code" ? "query" : "fragment"),
      },
    });
  return refusal;
}

/**
 * The client policies on the request as it came, before its client or parameters are checked (Keycloak's
 * PRE_AUTHORIZATION_REQUEST): a refusal is recorded as LOGIN_ERROR and shown on an error page.
 */
async function refusedBeforeChecks(
  server: ServerContext,
  req: FastifyRequest,
  realm: RealmRecord,
  params: Params,
): Promise<ClientPolicyError | undefined> {
  const refusal = await onPreAuthorizationRequest(server, realm, {
    clientId: params.client_id,
    params,
    pushedParams: (requestUri) => pushedRequestParams(server, realm, requestUri),
    forgetPushed: (requestUri) => forgetPushedRequest(server, requestUri),
  });
  if (refusal)
    await recordPolicyRefusal(server, realm, refusal, {
      type: "LOGIN_ERROR",
      clientId: params.client_id,
      ipAddress: req.ip,
    });
  return refusal;
}

/** Request parameters a broker may forward: what the client sent beyond the protocol's own (Keycloak's client notes). */
function forwardableParams(params: Params): Record<string, string> {
  const own = new Set(["client_id", "redirect_uri", "response_type", "response_mode", "state", "nonce", "scope"]);
  return Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && !own.has(entry[0]),
    ),
  );
}

/** The executions a flow runs, in order: the disabled ones and those of disabled sub-flows left out. */
function enabledExecutions(
  server: ServerContext,
  flow: AuthFlowRecord,
  seen = new Set<string>(),
): AuthExecutionRecord[] {
  if (seen.has(flow.id)) return [];
  seen.add(flow.id);
  return sortedExecutions(flow).flatMap((execution) => {
    if (execution.requirement === "DISABLED") return [];
    const sub =
      execution.authenticatorFlow && execution.flowId ? server.db.get("authFlows", execution.flowId) : undefined;
    return sub ? enabledExecutions(server, sub, seen) : [execution];
  });
}

/**
 * prompt=none with no session here: the browser flow's identity-provider redirector, when it has one, sends it on to
 * the `kc_idp_hint` provider (without a hint, its default provider) when that provider accepts prompt=none forwarded from
 * clients, as Keycloak's passive browser flow does. The provider's answer comes back to the client as it is.
 */
function promptNoneForwardUrl(ctx: LoginContext): string | undefined {
  const flow = browserFlowOf(ctx);
  const redirector = flow
    ? enabledExecutions(ctx.server, flow).find((e) => e.authenticator === "identity-provider-redirector")
    : undefined;
  if (!redirector) return undefined;
  const alias = (
    ctx.request.login.idpHint ?? configOfExecution(ctx.server, ctx.realm, redirector)?.config.defaultProvider
  )?.trim();
  const idp = alias ? findIdentityProvider(ctx.server, ctx.realm, alias) : undefined;
  if (
    !idp ||
    idp.rep.enabled === false ||
    (idp.rep.config as Record<string, string> | undefined)?.acceptsPromptNoneForwardFromClient !== "true"
  )
    return undefined;
  ctx.request.login.forwardedPassive = true;
  return brokerLoginUrl(ctx.realm, idp.alias, ctx.client.clientId, ctx.request.tabId);
}

async function authorize(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realmName: string,
  params: Params,
) {
  const realm = realmByName(server.db, realmName);
  if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
  if (!realm.enabled) return sendErrorPage(reply, realm, "Realm not enabled");
  // Keycloak 26.7.3 refuses a request without client_id before its client policies run (measured).
  if (!params.client_id) return sendErrorPage(reply, realm, "Invalid Request");
  const preRefusal = await refusedBeforeChecks(server, req, realm, params);
  if (preRefusal) return sendErrorPage(reply, realm, preRefusal.description, preRefusal.status);
  const client = params.client_id ? clientByClientId(server.db, realm, params.client_id) : undefined;
  if (!client) return sendErrorPage(reply, realm, "Client not found.");
  if (client.rep.enabled === false) return sendErrorPage(reply, realm, "Client disabled.");
  if (client.rep.bearerOnly === true)
    return sendErrorPage(reply, realm, "Bearer-only applications are not allowed to initiate browser login.");
  const baseUrl = frontendUrl(server, req);
  if (params.request_uri !== undefined) {
    const pushed = pushedParams(server, realm, client, params.request_uri);
    if (!pushed) return sendErrorPage(reply, realm, "Invalid Request");
    params = { ...params, ...pushed };
  }
  const refused = authParamsError(client, params, baseUrl);
  if (refused?.unredirectable) return sendErrorPage(reply, realm, refused.description!);
  const redirectUri = authorizationRedirectUri(client, params.redirect_uri, params.scope, baseUrl)!;
  const requestedMode = params.response_mode ?? "query";
  const responseMode: ResponseMode =
    requestedMode === "fragment" || requestedMode === "form_post" ? requestedMode : "query";
  const iss = issuerOf(baseUrl, realm);
  const fail = (error: string, description?: string) =>
    sendAuthResponse(reply, redirectUri, responseMode, {
      error,
      error_description: description,
      state: params.state,
      iss,
    });
  if (params.request_uri === undefined && requiresPushedRequests(client))
    return fail("invalid_request", "Pushed Authorization Request is only allowed.");
  // An implicit or hybrid request of a client that allows it reaches the client policies before this server, which
  // has no implicit flow, refuses it.
  const implicitAllowed = client.rep.implicitFlowEnabled === true && isImplicitOrHybrid(params.response_type);
  if (refused && !implicitAllowed && !refused.pkce) return fail(refused.error, refused.description);
  // The mode of a refusal Keycloak makes once the response type is known: the asked one, else the response type's.
  const mode = params.response_mode ?? (params.response_type === "code" ? "query" : "fragment");
  const sendRefusal = (error: string, description?: string) =>
    sendAuthResponse(reply, redirectUri, mode === "fragment" || mode === "form_post" ? mode : "query", {
      error,
      error_description: description,
      state: params.state,
      iss,
    });
  // Keycloak checks the scopes after the response type and before PKCE and the client policies.
  const refusedScopes = await refuseInvalidScopes(server, realm, client, req, params.scope, {
    type: "LOGIN_ERROR",
    details: { response_type: params.response_type ?? "", redirect_uri: redirectUri, response_mode: mode },
  });
  if (refusedScopes) return sendRefusal("invalid_scope", refusedScopes);
  const policyRefusal = await refusedByClientPolicies(server, req, realm, client, params);
  if (policyRefusal) return sendRefusal(policyRefusal.error, policyRefusal.description);
  if (refused) return fail(refused.error, refused.description);

  const prompts = (params.prompt ?? "").split(" ").filter(Boolean);
  const request = saveAuthRequest(
    {
      realmId: realm.id,
      clientId: client.clientId,
      redirectUri,
      ...(params.redirect_uri === undefined ? { redirectUriImplied: true } : {}),
      responseMode,
      scope: params.scope ?? "openid",
      state: params.state,
      nonce: params.nonce,
      codeChallenge: params.code_challenge,
      codeChallengeMethod: params.code_challenge ? (params.code_challenge_method ?? "plain") : undefined,
      dpopJkt: params.dpop_jkt,
      loginHint: params.login_hint,
      maxAge: params.max_age,
      forwardable: forwardableParams(params),
      parRequestUri: params.request_uri,
    },
    realmNumber(realm, "accessCodeLifespanLogin", 1800),
    prompts,
    params.kc_idp_hint,
  );
  const ctx: LoginContext = { server, req, reply, realm, client, request };
  startInitiatedAction(ctx, params.kc_action);

  if (prompts.includes("none")) {
    const sso = await ssoSessionFromCookie(server, realm, req);
    const forwardTo = sso ? undefined : promptNoneForwardUrl(ctx);
    if (forwardTo) return reply.redirect(forwardTo, 302);
    if (!sso) return fail("login_required");
    request.authenticatedUserId = sso.user.id;
    request.login.ssoSessionId = sso.session.id;
    try {
      return await afterAuthentication(ctx);
    } catch (error) {
      if (error instanceof FlowFailure) return fail("interaction_required");
      throw error;
    }
  }
  // A pushed request's login goes on at its own address, as Keycloak 26.7.3 sends it there: a reload of the login page
  // then does not present the request_uri again.
  if (params.request_uri !== undefined) return reply.redirect(loginFlowUrl(ctx, baseUrl, redirectUri, params), 302);
  return runBrowserFlow(ctx);
}

/** The address of a login in progress, with Keycloak's client_data (where an error goes back to, base64url JSON). */
function loginFlowUrl(ctx: LoginContext, baseUrl: string, redirectUri: string, params: Params): string {
  const clientData = { ru: redirectUri, rt: params.response_type, rm: params.response_mode, st: params.state };
  const query = new URLSearchParams({
    client_id: ctx.client.clientId,
    tab_id: ctx.request.tabId,
    client_data: Buffer.from(JSON.stringify(clientData)).toString("base64url"),
  });
  return `${baseUrl}/realms/${encodeURIComponent(ctx.realm.realm)}/login-actions/authenticate?${query}`;
}

export async function registerAuthEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  const path = "/realms/:realm/protocol/openid-connect/auth";
  app.get<{ Params: { realm: string }; Querystring: Params }>(path, (req, reply) =>
    authorize(server, req, reply, req.params.realm, req.query),
  );
  app.post<{ Params: { realm: string } }>(path, (req, reply) =>
    authorize(server, req, reply, req.params.realm, (req.body ?? {}) as Params),
  );
}
