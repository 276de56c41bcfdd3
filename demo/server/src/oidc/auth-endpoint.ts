import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import { clientAttribute, clientByClientId, realmByName, realmNumber } from "./lookup.ts";
import { isValidRedirectUri } from "./redirect-uris.ts";
import { saveAuthRequest, type ResponseMode } from "./auth-requests.ts";
import { sendAuthResponse } from "./auth-response.ts";
import { sendErrorPage } from "./error-page.ts";
import { ssoSessionFromCookie } from "./sso-cookies.ts";
import { issuerOf } from "./tokens.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { PKCE_METHODS } from "./pkce.ts";
import { browserFlowOf, runBrowserFlow } from "./login/browser-flow.ts";
import { afterAuthentication } from "./login/after-authentication.ts";
import { FlowFailure, type LoginContext } from "./login/login-context.ts";
import { findIdentityProvider } from "../admin/identity-providers/lookup.ts";
import { configOfExecution, sortedExecutions } from "../admin/authentication/lookup.ts";
import type { AuthExecutionRecord, AuthFlowRecord } from "../store/types.ts";
import { brokerLoginUrl } from "../broker/login-buttons.ts";

type Params = Record<string, string | undefined>;

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
 * the `kc_idp_hint` provider (else its default provider) when that provider accepts prompt=none forwarded from
 * clients, as Keycloak's passive browser flow does. The provider's answer comes back to the client as it is.
 */
function promptNoneForwardUrl(ctx: LoginContext): string | undefined {
  const flow = browserFlowOf(ctx);
  const redirector = flow
    ? enabledExecutions(ctx.server, flow).find((e) => e.authenticator === "identity-provider-redirector")
    : undefined;
  if (!redirector) return undefined;
  const hint = ctx.request.login.idpHint?.trim();
  const alias = hint || configOfExecution(ctx.server, ctx.realm, redirector)?.config.defaultProvider;
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
  const client = params.client_id ? clientByClientId(server.db, realm, params.client_id) : undefined;
  if (!client) return sendErrorPage(reply, realm, "Client not found.");
  if (client.rep.enabled === false) return sendErrorPage(reply, realm, "Client disabled.");
  if (client.rep.bearerOnly === true)
    return sendErrorPage(reply, realm, "Bearer-only applications are not allowed to initiate browser login.");
  const baseUrl = frontendUrl(server, req);
  const redirectUri = params.redirect_uri;
  if (!redirectUri || !isValidRedirectUri(client, redirectUri, baseUrl))
    return sendErrorPage(reply, realm, "Invalid parameter: redirect_uri");

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

  if (!["query", "fragment", "form_post"].includes(requestedMode))
    return fail("invalid_request", "Invalid parameter: response_mode");
  if (!params.response_type) return fail("invalid_request", "Missing parameter: response_type");
  if (params.response_type !== "code") {
    const known = /^(code |)(id_token|token|id_token token)$/.test(params.response_type);
    return known
      ? fail(
          "unauthorized_client",
          "Client is not allowed to initiate browser login with given response_type. Implicit flow is disabled for the client.",
        )
      : fail("unsupported_response_type");
  }
  if (client.rep.standardFlowEnabled === false) {
    return fail(
      "unauthorized_client",
      "Client is not allowed to initiate browser login with given response_type. Standard flow is disabled for the client.",
    );
  }
  const requiredPkce = clientAttribute(client, "pkce.code.challenge.method");
  if (params.code_challenge_method && !PKCE_METHODS.includes(params.code_challenge_method))
    return fail("invalid_request", "Invalid parameter: code_challenge_method");
  if (requiredPkce && !params.code_challenge) return fail("invalid_request", "Missing parameter: code_challenge");
  if (requiredPkce && (params.code_challenge_method ?? "plain") !== requiredPkce)
    return fail("invalid_request", "Invalid parameter: code challenge method is not matching the configured one");
  if (params.code_challenge && !/^[A-Za-z0-9\-._~]{43,128}$/.test(params.code_challenge))
    return fail("invalid_request", "Invalid parameter: code_challenge");

  const prompts = (params.prompt ?? "").split(" ").filter(Boolean);
  const request = saveAuthRequest(
    {
      realmId: realm.id,
      clientId: client.clientId,
      redirectUri,
      responseMode,
      scope: params.scope ?? "openid",
      state: params.state,
      nonce: params.nonce,
      codeChallenge: params.code_challenge,
      codeChallengeMethod: params.code_challenge ? (params.code_challenge_method ?? "plain") : undefined,
      loginHint: params.login_hint,
      maxAge: params.max_age,
      forwardable: forwardableParams(params),
    },
    realmNumber(realm, "accessCodeLifespanLogin", 1800),
    prompts,
    params.kc_idp_hint,
  );
  const ctx: LoginContext = { server, req, reply, realm, client, request };

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
  return runBrowserFlow(ctx);
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
