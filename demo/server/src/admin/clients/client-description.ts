import { webError } from "../../http/errors.ts";
import { descendants, parseXml, type XmlElement } from "./xml-elements.ts";

const BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:";
/** Keycloak's SAML client attributes per binding (SamlProtocol's *_ATTRIBUTE constants). */
const CONSUMER_ATTRIBUTES: Record<string, string> = {
  [`${BINDING}HTTP-POST`]: "saml_assertion_consumer_url_post",
  [`${BINDING}HTTP-Redirect`]: "saml_assertion_consumer_url_redirect",
  [`${BINDING}HTTP-Artifact`]: "saml_assertion_consumer_url_artifact",
};
const LOGOUT_ATTRIBUTES: Record<string, string> = {
  [`${BINDING}HTTP-POST`]: "saml_single_logout_service_url_post",
  [`${BINDING}HTTP-Redirect`]: "saml_single_logout_service_url_redirect",
  [`${BINDING}HTTP-Artifact`]: "saml_single_logout_service_url_artifact",
  [`${BINDING}SOAP`]: "saml_single_logout_service_url_soap",
};
const PAOS = `${BINDING}PAOS`;
/** NameIDFormat URNs and Keycloak's `saml_name_id_format` values. */
const NAME_ID_FORMATS: Record<string, string> = {
  "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress": "email",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent": "persistent",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:transient": "transient",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified": "username",
};

const unsupported = () => webError(400, "Unsupported format");

/** The first endpoint per binding, preferring one marked isDefault (as an SP's metadata ranks them). */
function firstPerBinding(endpoints: XmlElement[]): Map<string, string> {
  const ranked = [...endpoints].sort(
    (a, b) => Number(b.attributes.isDefault === "true") - Number(a.attributes.isDefault === "true"),
  );
  const locations = new Map<string, string>();
  for (const endpoint of ranked) {
    const { Binding: binding, Location: location } = endpoint.attributes;
    if (binding && location && !locations.has(binding)) locations.set(binding, location);
  }
  return locations;
}

/** Keycloak's EntityDescriptorClientConverter: an SP's SAML 2.0 metadata as a SAML client. */
function fromEntityDescriptor(xml: string): Record<string, unknown> {
  const root = parseXml(xml);
  if (!root) throw webError(400, "Could not parse the SAML entity descriptor: the XML is not well formed");
  const entity = root.name === "EntityDescriptor" ? root : descendants(root, "EntityDescriptor")[0];
  const entityId = entity?.attributes.entityID;
  if (!entity || !entityId) throw webError(400, "The SAML entity descriptor has no entityID");
  const sp = descendants(entity, "SPSSODescriptor")[0];
  if (!sp) throw webError(400, "The SAML entity descriptor has no SPSSODescriptor");

  const attributes: Record<string, string> = {
    "saml.server.signature": "true",
    "saml.server.signature.keyinfo.ext": "false",
    "saml.signature.algorithm": "RSA_SHA256",
    "saml.authnstatement": "true",
  };
  const redirectUris: string[] = [];
  if (sp.attributes.WantAssertionsSigned === "true") attributes["saml.assertion.signature"] = "true";

  for (const [binding, location] of firstPerBinding(descendants(sp, "SingleLogoutService"))) {
    const attribute = LOGOUT_ATTRIBUTES[binding];
    if (attribute) attributes[attribute] = location;
  }
  for (const [binding, location] of firstPerBinding(descendants(sp, "AssertionConsumerService"))) {
    const attribute = CONSUMER_ATTRIBUTES[binding];
    if (attribute) attributes[attribute] = location;
    if (attribute || binding === PAOS) redirectUris.push(location);
  }
  for (const keyDescriptor of descendants(sp, "KeyDescriptor")) {
    const certificate = descendants(keyDescriptor, "X509Certificate")[0]?.text.replace(/\s+/g, "");
    if (!certificate) continue;
    if (keyDescriptor.attributes.use === "signing") {
      attributes["saml.client.signature"] = "true";
      attributes["saml.signing.certificate"] = certificate;
    } else if (keyDescriptor.attributes.use === "encryption") {
      attributes["saml.encrypt"] = "true";
      attributes["saml.encryption.certificate"] = certificate;
    }
  }
  const nameIdFormat = NAME_ID_FORMATS[descendants(sp, "NameIDFormat")[0]?.text.trim() ?? ""];
  if (nameIdFormat) attributes.saml_name_id_format = nameIdFormat;

  return { clientId: entityId, protocol: "saml", fullScopeAllowed: true, redirectUris, attributes };
}

/** Keycloak's OIDCClientDescriptionConverter: a dynamic registration document as an OIDC client. */
function fromOidcRegistration(document: Record<string, unknown>): Record<string, unknown> {
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === "string") : []);
  const client: Record<string, unknown> = {
    protocol: "openid-connect",
    redirectUris: strings(document.redirect_uris),
  };
  if (typeof document.client_id === "string") client.clientId = document.client_id;
  if (typeof document.client_name === "string") client.name = document.client_name;
  if (typeof document.client_uri === "string") client.baseUrl = document.client_uri;
  if (document.token_endpoint_auth_method === "none") client.publicClient = true;
  return client;
}

/**
 * POST /client-description-converter: a Keycloak client JSON, an OIDC registration JSON or SAML entity
 * descriptor XML, answered as a ClientRepresentation (nothing is stored).
 */
export function convertClientDescription(description: string): Record<string, unknown> {
  const text = description.trim();
  if (text.startsWith("{")) {
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      throw unsupported();
    }
    if (!document || typeof document !== "object" || Array.isArray(document)) throw unsupported();
    const record = document as Record<string, unknown>;
    if ("redirect_uris" in record || "client_name" in record || "client_id" in record)
      return fromOidcRegistration(record);
    return record;
  }
  if (text.startsWith("<") && text.includes("EntityDescriptor")) return fromEntityDescriptor(text);
  throw unsupported();
}
