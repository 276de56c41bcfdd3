import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { saveAuthRequest } from "../oidc/auth-requests.ts";
import { sendErrorPage } from "../oidc/error-page.ts";
import { clientAttribute, clientByClientId, realmByName, realmNumber } from "../oidc/lookup.ts";
import { runBrowserFlow } from "../oidc/login/browser-flow.ts";
import { afterAuthentication } from "../oidc/login/after-authentication.ts";
import { FlowFailure, type LoginContext } from "../oidc/login/login-context.ts";
import { ssoSessionFromCookie } from "../oidc/sso-cookies.ts";
import { isValidRedirectUri } from "../oidc/redirect-uris.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { recordEvent } from "../events/record.ts";
import {
  parseSamlRequest,
  POST_BINDING,
  REDIRECT_BINDING,
  signedBy,
  type SamlBindingMessage,
  type SamlRequest,
} from "./saml-request.ts";
import { logoutRequest } from "./single-logout.ts";
import { firstValue, isFormBody, SamlMessageFields, type SamlFields } from "./endpoint-schema.ts";
import { nameIdFormat } from "./name-id.ts";
import { sendSamlStatus } from "./status-response.ts";

/**
 * Keycloak's page and LOGIN_ERROR for an AuthnRequest it refuses before any login starts; as measured on Keycloak
 * 26.7.3, none of them names the client.
 */
interface Refusal {
  /** LOGIN_ERROR, or LOGOUT_ERROR for a LogoutRequest (measured on Keycloak 26.7.3 for its signature). */
  type?: "LOGIN_ERROR" | "LOGOUT_ERROR";
  error: string;
  message: string;
  details?: Record<string, string>;
}

const INVALID_REQUEST = "Invalid Request";

async function refuse(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  refusal: Refusal,
) {
  await recordEvent(server, realm, {
    type: refusal.type ?? "LOGIN_ERROR",
    ipAddress: req.ip,
    error: refusal.error,
    details: refusal.details,
  });
  return sendErrorPage(reply, realm, refusal.message);
}

/**
 * Where the Response goes, as Keycloak 26.7.3's SamlService picks it: the request's AssertionConsumerServiceURL only
 * when it is one of the client's valid redirect URIs (its "Assertion Consumer Service POST Binding URL" alone does not
 * make it valid); without one, the client's assertion consumer URL for the binding, else its management URL.
 */
function assertionConsumer(
  client: ClientRecord,
  request: SamlRequest,
  binding: "post" | "redirect",
  publicUrl: string,
): string | undefined {
  const asked = request.assertionConsumerServiceUrl;
  if (asked) return isValidRedirectUri(client, asked, publicUrl) ? asked : undefined;
  const configured = clientAttribute(
    client,
    binding === "post" ? "saml_assertion_consumer_url_post" : "saml_assertion_consumer_url_redirect",
  )?.trim();
  const managementUrl = typeof client.rep.adminUrl === "string" ? client.rep.adminUrl.trim() : "";
  return configured || managementUrl || undefined;
}

/** The binding of the Response: the request's ProtocolBinding, else the request's own; POST when the client forces it. */
function responseBinding(client: ClientRecord, message: SamlBindingMessage, request: SamlRequest) {
  if (clientAttribute(client, "saml.force.post.binding") !== "false") return "post";
  if (request.protocolBinding === POST_BINDING) return "post";
  if (request.protocolBinding === REDIRECT_BINDING) return "redirect";
  return message.redirect ? "redirect" : "post";
}

/**
 * Keycloak's SamlService checks of any request (the message, its issuer and signature), then the login or logout it
 * asks for.
 */
async function samlRequest(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  message: SamlBindingMessage,
) {
  const request = parseSamlRequest(message);
  if (!request) return refuse(server, req, reply, realm, { error: "invalid_token", message: INVALID_REQUEST });
  const type = request.kind === "LogoutRequest" ? "LOGOUT_ERROR" : "LOGIN_ERROR";
  const client = request.issuer ? clientByClientId(server.db, realm, request.issuer) : undefined;
  // Keycloak 26.7.3 saves this reason with it
  if (!client)
    return refuse(server, req, reply, realm, {
      type,
      error: "client_not_found",
      message: INVALID_REQUEST,
      details: { reason: "Cannot_match_source_hash" },
    });
  if (client.rep.enabled === false)
    return refuse(server, req, reply, realm, {
      type,
      error: "client_disabled",
      message: "Login requester not enabled",
    });
  if (client.rep.protocol !== "saml")
    return refuse(server, req, reply, realm, {
      type,
      error: "invalid_client",
      message: "Wrong client protocol.",
    });
  if (clientAttribute(client, "saml.client.signature") === "true") {
    const certificate = clientAttribute(client, "saml.signing.certificate") ?? "";
    if (!(await signedBy(message, request, [certificate])))
      return refuse(server, req, reply, realm, {
        type,
        error: "invalid_signature",
        message: "Invalid requester",
      });
  }
  if (request.kind === "LogoutRequest") return logoutRequest({ server, req, reply, realm, client }, message, request);
  if (request.kind !== "AuthnRequest")
    return refuse(server, req, reply, realm, { error: "invalid_token", message: INVALID_REQUEST });
  return loginRequest(server, req, reply, realm, client, message, request);
}

/** Keycloak's SamlService login request: the ACS URL, then the browser flow (or the SSO session for IsPassive). */
async function loginRequest(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  client: ClientRecord,
  message: SamlBindingMessage,
  request: SamlRequest,
) {
  const clientId = client.clientId;
  const binding = responseBinding(client, message, request);
  const destination = assertionConsumer(client, request, binding, frontendUrl(server, req));
  if (!destination)
    return refuse(server, req, reply, realm, { error: "invalid_redirect_uri", message: "Invalid redirect uri" });
  const saved = saveAuthRequest(
    {
      realmId: realm.id,
      clientId,
      redirectUri: destination,
      responseMode: "form_post",
      scope: "",
      protocol: "saml",
      samlRelayState: message.RelayState,
      saml: { requestId: request.id, nameIdFormat: nameIdFormat(client, request.nameIdPolicyFormat), binding },
    },
    realmNumber(realm, "accessCodeLifespanLogin", 1800),
    request.isPassive ? ["none"] : request.forceAuthn ? ["login"] : [],
  );
  const ctx: LoginContext = { server, req, reply, realm, client, request: saved };
  // Keycloak 26.7.3 sends a POST request's browser on to the flow's URL, so that going back does not post it again
  if (!request.isPassive && !message.redirect) {
    const query = new URLSearchParams({ client_id: clientId, tab_id: saved.tabId });
    const flowUrl = `${frontendUrl(server, req)}/realms/${encodeURIComponent(realm.realm)}/login-actions/authenticate`;
    return reply.redirect(`${flowUrl}?${query}`, 302);
  }
  if (!request.isPassive) return runBrowserFlow(ctx);
  const sso = await ssoSessionFromCookie(server, realm, req);
  if (!sso) return sendSamlStatus(ctx, "login_required");
  saved.authenticatedUserId = sso.user.id;
  saved.login.ssoSessionId = sso.session.id;
  try {
    return await afterAuthentication(ctx);
  } catch (error) {
    if (error instanceof FlowFailure) return sendSamlStatus(ctx, "interaction_required");
    throw error;
  }
}

/**
 * `/realms/{realm}/protocol/saml`: a client's AuthnRequest or LogoutRequest, by the HTTP-Redirect binding (GET, the
 * query deflated and optionally signed) or the HTTP-POST binding (a form). Input that does not fit the declared
 * fields, or a POST body that is no form, gets the "Invalid Request" page (Keycloak 26.7.3 answers such a body with a
 * bare 500).
 */
export async function registerSamlSsoEndpoint(app: FastifyInstance, server: ServerContext): Promise<void> {
  const url = "/realms/:realm/protocol/saml";
  type Route = { Params: { realm: string }; Querystring: SamlFields; Body: SamlFields };
  const handler = async (req: FastifyRequest<Route>, reply: FastifyReply) => {
    const realm = realmByName(server.db, req.params.realm);
    if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
    if (!realm.enabled) return sendErrorPage(reply, realm, "Realm not enabled");
    if (req.validationError || (req.method === "POST" && !isFormBody(req.headers["content-type"])))
      return sendErrorPage(reply, realm, INVALID_REQUEST);
    const fields = (req.method === "GET" ? req.query : req.body) ?? {};
    const SAMLRequest = firstValue(fields.SAMLRequest);
    if (!SAMLRequest)
      return refuse(server, req, reply, realm, { error: "saml_token_not_found", message: INVALID_REQUEST });
    const message: SamlBindingMessage = { SAMLRequest, RelayState: firstValue(fields.RelayState) };
    if (req.method === "GET")
      message.redirect = {
        originalQuery: req.url.slice(req.url.indexOf("?") + 1),
        SigAlg: firstValue(fields.SigAlg),
        Signature: firstValue(fields.Signature),
      };
    return samlRequest(server, req, reply, realm, message);
  };
  app.get<Route>(url, { schema: { querystring: SamlMessageFields }, attachValidation: true }, handler);
  app.post<Route>(url, { schema: { body: SamlMessageFields }, attachValidation: true }, handler);
}
