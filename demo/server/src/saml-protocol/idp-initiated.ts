import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { saveAuthRequest, type AuthRequest } from "../oidc/auth-requests.ts";
import { sendErrorPage } from "../oidc/error-page.ts";
import { clientAttribute, realmByName, realmNumber } from "../oidc/lookup.ts";
import { runBrowserFlow } from "../oidc/login/browser-flow.ts";
import { recordEvent } from "../events/record.ts";

/** Keycloak's client attribute naming a SAML client in IdP-initiated SSO URLs ("IDP-Initiated SSO URL name"). */
export const IDP_INITIATED_URL_NAME = "saml_idp_initiated_sso_url_name";

/** Why an IdP-initiated login cannot start: Keycloak's event error and page text. */
type Refusal = { error: string; message: string };

/**
 * The login an IdP-initiated SSO URL starts for the client with that "IDP-Initiated SSO URL name", as Keycloak's
 * SamlService: refused when no client has the name, it is disabled, it is not a SAML client, or it has no
 * assertion consumer URL for the POST binding (nor a management URL).
 */
export function idpInitiatedLogin(
  server: ServerContext,
  realm: RealmRecord,
  urlName: string,
): { client: ClientRecord; request: AuthRequest } | Refusal {
  const client = server.db
    .list("clients", realm.id)
    .find((candidate) => clientAttribute(candidate, IDP_INITIATED_URL_NAME) === urlName);
  if (!client) return { error: "client_not_found", message: "Client not found." };
  if (client.rep.enabled === false) return { error: "client_disabled", message: "Client disabled." };
  if (client.rep.protocol !== "saml") return { error: "invalid_client", message: "Wrong client protocol." };
  const managementUrl = typeof client.rep.adminUrl === "string" ? client.rep.adminUrl.trim() : "";
  const consumer = clientAttribute(client, "saml_assertion_consumer_url_post")?.trim() || managementUrl;
  if (!consumer) return { error: "invalid_redirect_uri", message: "Invalid redirect uri" };
  const relayState = clientAttribute(client, "saml_idp_initiated_sso_relay_state")?.trim();
  const request = saveAuthRequest(
    {
      realmId: realm.id,
      clientId: client.clientId,
      redirectUri: consumer,
      responseMode: "form_post",
      scope: "",
      protocol: "saml",
      samlRelayState: relayState || undefined,
    },
    realmNumber(realm, "accessCodeLifespanLogin", 1800),
  );
  return { client, request };
}

/** Ends a refused IdP-initiated login with Keycloak's LOGIN_ERROR event and its 400 page. */
export async function refuseIdpInitiatedLogin(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  refusal: Refusal,
) {
  await recordEvent(server, realm, { type: "LOGIN_ERROR", ipAddress: req.ip, error: refusal.error });
  return sendErrorPage(reply, realm, refusal.message);
}

/** `/realms/{realm}/protocol/saml/clients/{name}`: IdP-initiated SSO to a SAML client, through the browser flow. */
export async function registerSamlProtocolRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.route<{ Params: { realm: string; name: string } }>({
    method: ["GET", "POST"],
    url: "/realms/:realm/protocol/saml/clients/:name",
    handler: async (req, reply) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
      if (!realm.enabled) return sendErrorPage(reply, realm, "Realm not enabled");
      const login = idpInitiatedLogin(server, realm, req.params.name);
      if ("error" in login) return refuseIdpInitiatedLogin(server, req, reply, realm, login);
      return runBrowserFlow({ server, req, reply, realm, client: login.client, request: login.request });
    },
  });
}
