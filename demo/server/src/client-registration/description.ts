import { invalidClientMetadata } from "./errors.ts";

const AUTHENTICATORS: Record<string, string> = {
  client_secret_basic: "client-secret",
  client_secret_post: "client-secret",
  client_secret_jwt: "client-secret-jwt",
  private_key_jwt: "client-jwt",
  tls_client_auth: "client-x509",
};
const AUTH_METHOD_OF: Record<string, string> = {
  "client-secret": "client_secret_basic",
  "client-secret-jwt": "client_secret_jwt",
  "client-jwt": "private_key_jwt",
  "client-x509": "tls_client_auth",
};
const RESPONSE_TYPES = new Set(["code", "token", "id_token", "none"]);

const list = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : undefined;
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The flows a list of response types asks for; Keycloak refuses an unknown type or "none" combined with others. */
function responseFlows(types: string[]): { standard: boolean; implicit: boolean } {
  let standard = false;
  let implicit = false;
  for (const type of types) {
    const parts = type.split(" ");
    if (parts.some((part) => !RESPONSE_TYPES.has(part)) || (parts.includes("none") && parts.length > 1))
      throw invalidClientMetadata("Client metadata invalid");
    if (parts.includes("code")) standard = true;
    if (parts.includes("token") || parts.includes("id_token")) implicit = true;
  }
  return { standard, implicit };
}

/** RFC 7591 client metadata → the ClientRepresentation Keycloak registers (its DescriptionConverter.toInternal). */
export function toClientRepresentation(metadata: Record<string, unknown>): Record<string, unknown> {
  const client: Record<string, unknown> = { protocol: "openid-connect" };
  const attributes: Record<string, string> = {};
  if (metadata.client_id !== undefined) client.clientId = metadata.client_id;
  if (text(metadata.client_name) !== undefined) client.name = metadata.client_name;
  if (list(metadata.redirect_uris)) client.redirectUris = list(metadata.redirect_uris);
  if (text(metadata.client_uri) !== undefined) client.baseUrl = metadata.client_uri;
  const scope = text(metadata.scope);
  if (scope !== undefined) client.optionalClientScopes = scope.split(" ");
  const responseTypes = list(metadata.response_types);
  const flows = responseFlows(responseTypes?.length ? responseTypes : ["code"]);
  client.standardFlowEnabled = flows.standard;
  client.implicitFlowEnabled = flows.implicit;
  const grants = list(metadata.grant_types);
  if (grants) {
    client.directAccessGrantsEnabled = grants.includes("password");
    client.serviceAccountsEnabled = grants.includes("client_credentials");
    if (grants.includes("urn:ietf:params:oauth:grant-type:uma-ticket")) client.authorizationServicesEnabled = true;
    attributes["oauth2.device.authorization.grant.enabled"] = String(
      grants.includes("urn:ietf:params:oauth:grant-type:device_code"),
    );
    attributes["use.refresh.tokens"] = String(grants.includes("refresh_token"));
  }
  const method = text(metadata.token_endpoint_auth_method);
  client.publicClient = method === "none";
  if (method === "none") client.clientAuthenticatorType = "none";
  else {
    const authenticator = method === undefined ? "client-secret" : AUTHENTICATORS[method];
    if (!authenticator) throw invalidClientMetadata("Client metadata invalid");
    client.clientAuthenticatorType = authenticator;
  }
  if (metadata.jwks_uri !== undefined && metadata.jwks !== undefined)
    throw invalidClientMetadata("Client metadata invalid");
  if (text(metadata.jwks_uri) !== undefined) {
    attributes["use.jwks.url"] = "true";
    attributes["jwks.url"] = metadata.jwks_uri as string;
  }
  if (method === "private_key_jwt" && text(metadata.jwks_uri) === undefined)
    throw invalidClientMetadata("Client metadata invalid");
  const postLogout = list(metadata.post_logout_redirect_uris);
  if (postLogout) attributes["post.logout.redirect.uris"] = postLogout.join("##");
  const defaultAcrValues = list(metadata.default_acr_values);
  if (defaultAcrValues) attributes["default.acr.values"] = defaultAcrValues.join("##");
  for (const [field, attribute] of [
    ["logo_uri", "logoUri"],
    ["policy_uri", "policyUri"],
    ["tos_uri", "tosUri"],
    ["backchannel_logout_uri", "backchannel.logout.url"],
    ["frontchannel_logout_uri", "frontchannel.logout.url"],
  ] as const) {
    if (text(metadata[field]) !== undefined) attributes[attribute] = metadata[field] as string;
  }
  attributes["backchannel.logout.session.required"] = String(metadata.backchannel_logout_session_required ?? true);
  attributes["backchannel.logout.revoke.offline.tokens"] = String(
    metadata.backchannel_logout_revoke_offline_tokens ?? false,
  );
  if (typeof metadata.require_pushed_authorization_requests === "boolean")
    attributes["require.pushed.authorization.requests"] = String(metadata.require_pushed_authorization_requests);
  if (typeof metadata.dpop_bound_access_tokens === "boolean")
    attributes["dpop.bound.access.tokens"] = String(metadata.dpop_bound_access_tokens);
  client.attributes = attributes;
  return client;
}

/** A registered client as RFC 7591 metadata (Keycloak's DescriptionConverter.toExternalResponse). */
export function toClientMetadata(client: Record<string, unknown>, registrationClientUri: string) {
  const attributes = (client.attributes ?? {}) as Record<string, string>;
  const standard = client.standardFlowEnabled === true;
  const implicit = client.implicitFlowEnabled === true;
  const authenticator = text(client.clientAuthenticatorType) ?? "client-secret";
  const metadata: Record<string, unknown> = { client_id: client.clientId };
  metadata.token_endpoint_auth_method =
    client.publicClient === true || authenticator === "none" ? "none" : AUTH_METHOD_OF[authenticator];
  if (authenticator === "client-secret" && client.publicClient !== true && text(client.secret) !== undefined) {
    metadata.client_secret = client.secret;
    metadata.client_secret_expires_at = 0;
  }
  if (client.name !== undefined) metadata.client_name = client.name;
  if (client.baseUrl !== undefined) metadata.client_uri = client.baseUrl;
  metadata.redirect_uris = client.redirectUris ?? [];
  if (client.registrationAccessToken !== undefined) metadata.registration_access_token = client.registrationAccessToken;
  metadata.registration_client_uri = registrationClientUri;
  metadata.response_types = [
    ...(standard ? ["code", "none"] : []),
    ...(implicit ? ["id_token", "id_token token"] : []),
    ...(standard && implicit ? ["code id_token", "code token", "code id_token token"] : []),
  ];
  metadata.grant_types = [
    ...(standard ? ["authorization_code"] : []),
    ...(implicit ? ["implicit"] : []),
    ...(client.directAccessGrantsEnabled === true ? ["password"] : []),
    ...(client.serviceAccountsEnabled === true ? ["client_credentials"] : []),
    ...(attributes["oauth2.device.authorization.grant.enabled"] === "true"
      ? ["urn:ietf:params:oauth:grant-type:device_code"]
      : []),
    ...(client.authorizationServicesEnabled === true ? ["urn:ietf:params:oauth:grant-type:uma-ticket"] : []),
    ...(attributes["use.refresh.tokens"] !== "false" ? ["refresh_token"] : []),
  ];
  const scopes = list(client.optionalClientScopes);
  if (scopes) metadata.scope = scopes.join(" ");
  if (attributes["use.jwks.url"] === "true" && attributes["jwks.url"]) metadata.jwks_uri = attributes["jwks.url"];
  metadata.request_uris = [];
  // Keycloak's "+" (the default) means the redirect URIs
  const postLogout = attributes["post.logout.redirect.uris"];
  metadata.post_logout_redirect_uris =
    postLogout === undefined || postLogout === "+" ? (client.redirectUris ?? []) : postLogout.split("##");
  if (attributes["default.acr.values"]) metadata.default_acr_values = attributes["default.acr.values"].split("##");
  metadata.tls_client_certificate_bound_access_tokens =
    attributes["tls.client.certificate.bound.access.tokens"] === "true";
  metadata.dpop_bound_access_tokens = attributes["dpop.bound.access.tokens"] === "true";
  if (attributes["backchannel.logout.url"]) metadata.backchannel_logout_uri = attributes["backchannel.logout.url"];
  // Keycloak 26.7.3 answers the revoke-offline-tokens setting under this name (measured)
  metadata.backchannel_logout_session_required = attributes["backchannel.logout.revoke.offline.tokens"] === "true";
  metadata.frontchannel_logout_session_required = attributes["frontchannel.logout.session.required"] === "true";
  metadata.require_pushed_authorization_requests = attributes["require.pushed.authorization.requests"] === "true";
  metadata.subject_type = "public";
  return metadata;
}
