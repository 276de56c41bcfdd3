import { badRequest, HttpError } from "../../http/errors.ts";
import { catalog } from "../server-info/catalog.ts";
import { isMultipartFile } from "../../http/multipart.ts";
import { fetchMetadata } from "./remote-metadata.ts";
import { samlDescriptorConfig } from "./saml-descriptor.ts";

const notOidcMetadata = () =>
  badRequest("Could not import config: the document is not OpenID provider metadata (JSON with an issuer)");

/** Turns an OpenID provider metadata document into the IdP config keys Keycloak's import-config answers with. */
function oidcConfig(document: string, fromUrl: string | undefined): Record<string, string> {
  let metadata: unknown;
  try {
    metadata = JSON.parse(document);
  } catch {
    // Keycloak's body for a document that is not JSON (it answers it with a 500; no input gets a 500 here)
    throw new HttpError(400, { error: "invalid_request", error_description: "Cannot parse the JSON" });
  }
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) throw notOidcMetadata();
  const fields = metadata as Record<string, unknown>;
  if (typeof fields.issuer !== "string" || typeof fields.authorization_endpoint !== "string") throw notOidcMetadata();
  const config: Record<string, string> = {};
  const copy = (from: string, to: string) => {
    if (typeof fields[from] === "string") config[to] = fields[from] as string;
  };
  copy("authorization_endpoint", "authorizationUrl");
  copy("token_endpoint", "tokenUrl");
  copy("userinfo_endpoint", "userInfoUrl");
  copy("end_session_endpoint", "logoutUrl");
  copy("introspection_endpoint", "tokenIntrospectionUrl");
  copy("issuer", "issuer");
  copy("jwks_uri", "jwksUrl");
  config.validateSignature = String(Boolean(config.jwksUrl));
  if (config.jwksUrl) config.useJwksUrl = "true";
  config.metadataDescriptorUrl = fromUrl ?? "";
  return config;
}

/** The document import-config reads: the uploaded `file` (JSON text or multipart part) or what `fromUrl` answers. */
async function documentOf(input: Record<string, unknown>): Promise<{ text: string; fromUrl?: string }> {
  const file = input.file;
  if (isMultipartFile(file)) return { text: file.data.toString("utf8") };
  if (typeof file === "string" && file.trim()) return { text: file };
  if (typeof input.fromUrl === "string" && input.fromUrl.trim()) {
    const fromUrl = input.fromUrl.trim();
    return { text: await fetchMetadata(fromUrl), fromUrl };
  }
  throw badRequest("Missing file or fromUrl");
}

/** Keycloak's POST identity-provider/import-config, as JSON `{providerId, fromUrl}` or multipart with a `file`. */
export async function importConfig(body: unknown): Promise<Record<string, string>> {
  const input = (body ?? {}) as Record<string, unknown>;
  const providerId = typeof input.providerId === "string" ? input.providerId : "";
  // Keycloak's words for a missing provider (JAX-RS's BadRequestException)
  if (!providerId) throw new HttpError(400, { error: "HTTP 400 Bad Request" });
  if (!catalog().identityProviders.some((provider) => provider.id === providerId))
    throw badRequest(`Could not import config: no identity provider of type '${providerId}' reads a metadata document`);
  const { text, fromUrl } = await documentOf(input);
  // Keycloak 26.7 answers no syncMode for either (recorded in tests/conformance); a URL it read is kept
  if (providerId === "saml")
    return { ...samlDescriptorConfig(text), ...(fromUrl ? { metadataDescriptorUrl: fromUrl } : {}) };
  return oidcConfig(text, fromUrl);
}

/**
 * Keycloak's reload-keys: `true` when an OIDC provider that takes its keys from a JWKS URL answered with a key set,
 * `false` for any other provider or when the URL gave none. Keys are read from the URL at each sign-in here, so the
 * fetch only checks that the URL serves keys now.
 */
export async function reloadKeys(rep: { providerId?: string; config?: Record<string, unknown> }): Promise<boolean> {
  const config = rep.config ?? {};
  if (rep.providerId !== "oidc" && rep.providerId !== "keycloak-oidc") return false;
  if (config.useJwksUrl !== "true" || typeof config.jwksUrl !== "string" || !config.jwksUrl) return false;
  try {
    const keys = JSON.parse(await fetchMetadata(config.jwksUrl)) as { keys?: unknown };
    return Array.isArray(keys.keys);
  } catch {
    return false;
  }
}
