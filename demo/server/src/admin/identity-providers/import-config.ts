import { badRequest } from "../../http/errors.ts";

/** Turns an OpenID provider metadata document into the IdP config keys Keycloak's import-config answers with. */
function oidcConfig(metadata: Record<string, unknown>): Record<string, string> {
  const config: Record<string, string> = {};
  const copy = (from: string, to: string) => {
    if (typeof metadata[from] === "string") config[to] = metadata[from] as string;
  };
  copy("authorization_endpoint", "authorizationUrl");
  copy("token_endpoint", "tokenUrl");
  copy("userinfo_endpoint", "userInfoUrl");
  copy("end_session_endpoint", "logoutUrl");
  copy("issuer", "issuer");
  copy("jwks_uri", "jwksUrl");
  if (config.jwksUrl) {
    config.validateSignature = "true";
    config.useJwksUrl = "true";
  }
  config.metadataDescriptorUrl = "";
  return config;
}

/** SAML entity descriptors: the single sign-on / logout endpoints and the entity id. */
function samlConfig(xml: string): Record<string, string> {
  const attribute = (element: string, name: string) =>
    new RegExp(`<(?:\\w+:)?${element}\\b[^>]*\\b${name}="([^"]+)"`).exec(xml)?.[1];
  const config: Record<string, string> = {};
  const entityId = attribute("EntityDescriptor", "entityID");
  const sso = attribute("SingleSignOnService", "Location");
  const slo = attribute("SingleLogoutService", "Location");
  if (entityId) config.idpEntityId = entityId;
  if (sso) config.singleSignOnServiceUrl = sso;
  if (slo) config.singleLogoutServiceUrl = slo;
  if (!sso) throw badRequest("Could not parse the SAML descriptor");
  config.postBindingResponse = "true";
  config.postBindingAuthnRequest = "true";
  config.validateSignature = "false";
  return config;
}

/** Parses a provider's metadata given inline; fetching `fromUrl` is not possible from this server. */
export function importConfig(body: unknown): Record<string, string> {
  const input = (body ?? {}) as { providerId?: unknown; fromUrl?: unknown; file?: unknown };
  const providerId = typeof input.providerId === "string" ? input.providerId : "";
  if (!providerId) throw badRequest("Missing providerId");
  if (typeof input.file !== "string" || !input.file.trim()) {
    throw badRequest(
      input.fromUrl ? "Could not import config from URL: remote fetching is not available" : "Missing file or fromUrl",
    );
  }
  if (providerId === "saml") return withSyncMode(samlConfig(input.file));
  let metadata: Record<string, unknown>;
  try {
    metadata = JSON.parse(input.file) as Record<string, unknown>;
  } catch {
    throw badRequest("Could not parse the OpenID provider metadata");
  }
  return withSyncMode(oidcConfig(metadata));
}

/** Keycloak marks configs imported from a file as LEGACY sync mode unless they say otherwise. */
function withSyncMode(config: Record<string, string>): Record<string, string> {
  return { syncMode: "LEGACY", ...config };
}
