import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import { realmByName } from "./lookup.ts";
import { issuerOf } from "./tokens.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { PKCE_METHODS } from "./pkce.ts";
import { UMA_GRANT_TYPE } from "./grant-uma.ts";
import { DPOP_ALGORITHMS } from "./dpop.ts";
import { CLIENT_ASSERTION_ALGORITHMS } from "./client-assertion.ts";
import { REVOKE_PATH } from "./revoke-endpoint.ts";
import { PAR_PATH } from "./par.ts";
import { DEVICE_AUTH_PATH, DEVICE_CODE_GRANT_TYPE } from "./device-grant.ts";
import { REGISTRATION_PATH } from "../client-registration/routes.ts";

/** The OpenID Provider Metadata for what this server implements (a subset of Keycloak's). */
function providerMetadata(server: ServerContext, baseUrl: string, realm: RealmRecord) {
  const issuer = issuerOf(baseUrl, realm);
  const oidc = `${issuer}/protocol/openid-connect`;
  const scopes = server.db
    .list("clientScopes", realm.id)
    .filter((s) => s.protocol === "openid-connect" && s.attributes["include.in.token.scope"] !== "false")
    .map((s) => s.name);
  const clientAuthMethods = ["private_key_jwt", "client_secret_basic", "client_secret_post", "client_secret_jwt"];
  return {
    issuer,
    authorization_endpoint: `${oidc}/auth`,
    token_endpoint: `${oidc}/token`,
    introspection_endpoint: `${oidc}/token/introspect`,
    introspection_endpoint_auth_methods_supported: clientAuthMethods,
    introspection_endpoint_auth_signing_alg_values_supported: CLIENT_ASSERTION_ALGORITHMS,
    userinfo_endpoint: `${oidc}/userinfo`,
    end_session_endpoint: `${oidc}/logout`,
    frontchannel_logout_session_supported: true,
    frontchannel_logout_supported: true,
    jwks_uri: `${oidc}/certs`,
    check_session_iframe: `${oidc}/login-status-iframe.html`,
    grant_types_supported: [
      "authorization_code",
      "client_credentials",
      "password",
      "refresh_token",
      UMA_GRANT_TYPE,
      DEVICE_CODE_GRANT_TYPE,
    ],
    acr_values_supported: ["0", "1"],
    response_types_supported: ["code"],
    subject_types_supported: ["public"],
    prompt_values_supported: ["none", "login"],
    id_token_signing_alg_values_supported: ["RS256"],
    userinfo_signing_alg_values_supported: ["none"],
    request_object_signing_alg_values_supported: ["none"],
    response_modes_supported: ["query", "fragment", "form_post"],
    registration_endpoint: `${issuer}${REGISTRATION_PATH}/openid-connect`,
    token_endpoint_auth_methods_supported: clientAuthMethods,
    token_endpoint_auth_signing_alg_values_supported: CLIENT_ASSERTION_ALGORITHMS,
    claims_supported: [
      "aud",
      "sub",
      "iss",
      "auth_time",
      "name",
      "given_name",
      "family_name",
      "preferred_username",
      "email",
      "acr",
      "azp",
      "nonce",
      "sid",
    ],
    claim_types_supported: ["normal"],
    claims_parameter_supported: false,
    scopes_supported: ["openid", ...scopes.filter((s) => s !== "openid")],
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    require_request_uri_registration: false,
    code_challenge_methods_supported: PKCE_METHODS,
    tls_client_certificate_bound_access_tokens: false,
    dpop_signing_alg_values_supported: DPOP_ALGORITHMS,
    revocation_endpoint: `${issuer}${REVOKE_PATH}`,
    revocation_endpoint_auth_methods_supported: clientAuthMethods,
    revocation_endpoint_auth_signing_alg_values_supported: CLIENT_ASSERTION_ALGORITHMS,
    backchannel_logout_supported: true,
    require_pushed_authorization_requests: false,
    pushed_authorization_request_endpoint: `${issuer}${PAR_PATH}`,
    device_authorization_endpoint: `${issuer}${DEVICE_AUTH_PATH}`,
    backchannel_logout_session_supported: true,
    authorization_response_iss_parameter_supported: true,
  };
}

/** The OpenID metadata fields that Keycloak 26.7's UMA 2.0 discovery document repeats, in its order. */
const UMA_METADATA_FIELDS = [
  "issuer",
  "authorization_endpoint",
  "token_endpoint",
  "introspection_endpoint",
  "end_session_endpoint",
  "frontchannel_logout_session_supported",
  "frontchannel_logout_supported",
  "jwks_uri",
  "grant_types_supported",
  "response_types_supported",
  "response_modes_supported",
  "registration_endpoint",
  "token_endpoint_auth_methods_supported",
  "token_endpoint_auth_signing_alg_values_supported",
  "scopes_supported",
] as const;

/** UMA 2.0 Authorization Server Metadata: those OpenID fields this server has, and the protection API's endpoints. */
function umaMetadata(server: ServerContext, baseUrl: string, realm: RealmRecord) {
  const metadata: Record<string, unknown> = providerMetadata(server, baseUrl, realm);
  const issuer = issuerOf(baseUrl, realm);
  return {
    ...Object.fromEntries(UMA_METADATA_FIELDS.filter((field) => field in metadata).map((f) => [f, metadata[f]])),
    resource_registration_endpoint: `${issuer}/authz/protection/resource_set`,
    permission_endpoint: `${issuer}/authz/protection/permission`,
    policy_endpoint: `${issuer}/authz/protection/uma-policy`,
  };
}

export async function registerDiscovery(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get<{ Params: { realm: string } }>("/realms/:realm/.well-known/openid-configuration", async (req, reply) => {
    const realm = realmByName(server.db, req.params.realm);
    if (!realm) return reply.status(404).send({ error: "Realm does not exist" });
    return providerMetadata(server, frontendUrl(server, req), realm);
  });
  app.get<{ Params: { realm: string } }>("/realms/:realm/.well-known/uma2-configuration", async (req, reply) => {
    const realm = realmByName(server.db, req.params.realm);
    if (!realm) return reply.status(404).send({ error: "Realm does not exist" });
    return umaMetadata(server, frontendUrl(server, req), realm);
  });
}
