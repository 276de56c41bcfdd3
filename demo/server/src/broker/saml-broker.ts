import { DOMParser, XMLSerializer, type Element as XmlElement } from "@xmldom/xmldom";
import { inflateRawSync } from "node:zlib";
import type { CacheItem, CacheProvider, Profile, SamlConfig } from "@node-saml/node-saml";
import { BrokerSaml } from "./saml-authn-request.ts";
import { idpSigningCertificates } from "./saml-metadata-keys.ts";
import { checkDestination } from "./saml-destination.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { recordEvent } from "../events/record.ts";
import { sendErrorPage } from "../oidc/error-page.ts";
import type { IdentityProviderRecord } from "../store/types.ts";
import { now } from "../common/ids.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { realmSigningKey } from "../oidc/keys.ts";
import { sendAuthResponse } from "../oidc/auth-response.ts";
import type { LoginContext } from "../oidc/login/login-context.ts";
import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import type { Claims } from "./mappers.ts";

export const SAML_PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
export const SAML_ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";
const EMAIL_NAME_ID = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const PERSISTENT_NAME_ID = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
/** X500 email attribute Keycloak reads into the brokered identity's email (X500SAMLProfileConstants.EMAIL). */
const X500_EMAIL = "urn:oid:1.2.840.113549.1.9.1";
const XML_ENCRYPTION = "http://www.w3.org/2001/04/xmlenc#";
/** The key transport algorithms each of Keycloak's "Encryption algorithm" choices decrypts with. */
const KEY_TRANSPORT: Record<string, string[]> = {
  "RSA-OAEP": [`${XML_ENCRYPTION}rsa-oaep-mgf1p`, "http://www.w3.org/2009/xmlenc11#rsa-oaep"],
  RSA1_5: [`${XML_ENCRYPTION}rsa-1_5`],
};
const REQUEST_LIFESPAN_MS = 30 * 60 * 1000;

/** One attribute of the assertion, by its Name and FriendlyName. */
export interface SamlAttribute {
  name: string;
  friendlyName?: string;
  /** Each AttributeValue's text. */
  values: string[];
  /** Each AttributeValue's content as XML (elements kept), what the XPath attribute importer reads. */
  xmlValues: string[];
}

/** Claims key under which a SAML login hands its assertion's attributes to the mappers. */
export const SAML_ATTRIBUTES_CLAIM = "saml_attributes";

/** Claims key under which a SAML login hands its subject (for single logout) to the session. */
export const SAML_SUBJECT_CLAIM = "saml_subject";

export interface SamlSubject {
  nameID: string;
  nameIDFormat?: string;
  sessionIndex?: string;
}

/**
 * The AuthnRequest IDs sent and not yet answered, shared by every provider (node-saml's InResponseTo check). In memory
 * only, as the login they belong to: Keycloak keeps both in the authentication session, which a restart loses too.
 */
const sentRequests = new Map<string, CacheItem>();
const requestCache: CacheProvider = {
  async saveAsync(key, value) {
    const at = now();
    for (const [id, item] of sentRequests) if (item.createdAt + REQUEST_LIFESPAN_MS < at) sentRequests.delete(id);
    if (sentRequests.has(key)) return null;
    const item = { value, createdAt: at };
    sentRequests.set(key, item);
    return item;
  },
  async getAsync(key) {
    const item = sentRequests.get(key);
    return item && item.createdAt + REQUEST_LIFESPAN_MS >= now() ? item.value : null;
  },
  async removeAsync(key) {
    if (!key) return null;
    const item = sentRequests.get(key);
    sentRequests.delete(key);
    return item?.value ?? null;
  },
};

export const configOf = (idp: IdentityProviderRecord) => (idp.rep.config ?? {}) as Record<string, string>;

const SIGNATURE_ALGORITHMS: Record<string, "sha1" | "sha256" | "sha512"> = {
  RSA_SHA1: "sha1",
  RSA_SHA256: "sha256",
  RSA_SHA256_MGF1: "sha256",
  RSA_SHA512: "sha512",
  RSA_SHA512_MGF1: "sha512",
};

/** node-saml's name of the provider's "Signature algorithm" (RSA_SHA256 when unset or unknown). */
export const samlSignatureAlgorithm = (config: Record<string, string>) =>
  SIGNATURE_ALGORITHMS[config.signatureAlgorithm ?? ""] ?? "sha256";

const pem = (label: string, base64: string) =>
  `-----BEGIN ${label}-----\n${base64.replace(/\s+/g, "").replace(/(.{64})/g, "$1\n")}\n-----END ${label}-----\n`;

export function realmEntityUrl(server: ServerContext, req: FastifyRequest, realm: RealmRecord): string {
  return `${frontendUrl(server, req)}/realms/${encodeURIComponent(realm.realm)}`;
}

/** A node-saml service provider for this provider's config, signing with the realm's RSA key. */
export async function serviceProvider(
  server: ServerContext,
  realmUrl: string,
  realm: RealmRecord,
  idp: IdentityProviderRecord,
) {
  const config = configOf(idp);
  const spEntityId = config.entityId || realmUrl;
  const key = await realmSigningKey(server, realm, "RS256");
  const privateKey = key.privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  const certificates = await idpSigningCertificates(idp);
  const authnContext = parseList(config.authnContextClassRefs);
  const options: SamlConfig = {
    callbackUrl: `${realmUrl}/broker/${encodeURIComponent(idp.alias)}/endpoint`,
    entryPoint: config.singleSignOnServiceUrl,
    logoutUrl: config.singleLogoutServiceUrl || undefined,
    issuer: spEntityId,
    audience: spEntityId,
    idpIssuer: config.idpEntityId || undefined,
    // without certificates nothing verifies; with "Validate Signatures" off nothing is verified
    idpCert: certificates.length ? certificates.map((c) => pem("CERTIFICATE", c)) : ["-"],
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: config.wantAssertionsSigned === "true",
    identifierFormat: config.nameIDPolicyFormat || PERSISTENT_NAME_ID,
    allowCreate: config.allowCreate !== "false",
    acceptedClockSkewMs: (Number.parseInt(config.allowedClockSkew ?? "0", 10) || 0) * 1000,
    forceAuthn: config.forceAuthn === "true",
    disableRequestedAuthnContext: authnContext.length === 0,
    authnContext: authnContext.length ? authnContext : undefined,
    racComparison: (["exact", "minimum", "maximum", "better"].includes(config.authnContextComparisonType ?? "")
      ? config.authnContextComparisonType
      : "exact") as "exact",
    authnRequestBinding: config.postBindingAuthnRequest === "true" ? "HTTP-POST" : "HTTP-Redirect",
    // the POST binding carries the request base64 encoded, not deflated (saml-bindings 3.5.4)
    skipRequestCompression: config.postBindingAuthnRequest === "true",
    decryptionPvk: privateKey,
    validateInResponseTo: "ifPresent" as SamlConfig["validateInResponseTo"],
    cacheProvider: requestCache,
    maxAssertionAgeMs: 0,
  };
  // Keycloak's getAttributeConsumingServiceIndex: a whole number 0 or more, anything else is left out
  const consumingServiceIndex = config.attributeConsumingServiceIndex?.trim() ?? "";
  if (/^\d+$/.test(consumingServiceIndex) && Number(consumingServiceIndex) <= 2147483647)
    options.attributeConsumingServiceIndex = String(Number(consumingServiceIndex));
  if (config.wantAuthnRequestsSigned === "true") {
    options.privateKey = privateKey;
    options.signatureAlgorithm = samlSignatureAlgorithm(config);
  }
  return new BrokerSaml(options, parseList(config.authnContextDeclRefs), responseBinding(config));
}

/** The binding Keycloak's AuthnRequest asks the response by: artifact, else POST, else redirect. */
function responseBinding(config: Record<string, string>): string {
  const binding = "urn:oasis:names:tc:SAML:2.0:bindings:";
  if (config.artifactBindingResponse === "true") return `${binding}HTTP-Artifact`;
  return config.postBindingResponse === "true" ? `${binding}HTTP-POST` : `${binding}HTTP-Redirect`;
}

function parseList(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string" && v !== "") : [];
  } catch {
    return [];
  }
}

/** Sends the browser to the IdP's SSO service with an AuthnRequest, by redirect or by an auto-submitted POST form. */
export async function sendAuthnRequest(ctx: LoginContext, idp: IdentityProviderRecord, relayState: string) {
  const config = configOf(idp);
  const sp = await serviceProvider(ctx.server, realmEntityUrl(ctx.server, ctx.req, ctx.realm), ctx.realm, idp);
  if (config.postBindingAuthnRequest === "true") {
    const message = (await sp.getAuthorizeMessageAsync(relayState, undefined, {})) as Record<string, string>;
    return sendAuthResponse(ctx.reply, config.singleSignOnServiceUrl ?? "", "form_post", message);
  }
  const url = await sp.getAuthorizeUrlAsync(relayState, undefined, {});
  return ctx.reply.redirect(url, 302);
}

/** Keycloak's page text for a login response whose signature is missing or does not verify. */
export const INVALID_SIGNATURE_MESSAGE = "Invalid signature in response from identity provider.";

/** Keycloak's page text for a login response that does not read as a SAML Response (identityProviderInvalidResponseMessage). */
export const INVALID_RESPONSE_MESSAGE = "Invalid response from identity provider.";

/** What a refused SAML response means, as Keycloak's SAMLEndpoint reports it. */
export class SamlResponseError extends Error {
  constructor(
    readonly reason: "invalid_signature" | "invalid_saml_response" | "expired_code",
    message: string,
    /** The event's `reason` detail, where Keycloak records one. */
    readonly detail?: "missing_required_destination" | "invalid_destination" | "invalid_saml_document",
  ) {
    super(message);
  }
}

const serializer = new XMLSerializer();

function assertionAttributes(profile: Profile): SamlAttribute[] {
  const xml = profile.getAssertionXml?.();
  if (!xml) return [];
  const doc = new DOMParser({ onError: () => undefined }).parseFromString(xml, "text/xml");
  return Array.from(doc.getElementsByTagNameNS(SAML_ASSERTION, "Attribute")).map((attribute) => ({
    name: attribute.getAttribute("Name") ?? "",
    friendlyName: attribute.getAttribute("FriendlyName") || undefined,
    values: Array.from(attribute.getElementsByTagNameNS(SAML_ASSERTION, "AttributeValue")).map(
      (v) => v.textContent?.trim() ?? "",
    ),
    xmlValues: Array.from(attribute.getElementsByTagNameNS(SAML_ASSERTION, "AttributeValue")).map((v) =>
      Array.from(v.childNodes)
        .map((child) => serializer.serializeToString(child))
        .join(""),
    ),
  }));
}

/** The response's XML: base64 for the POST binding, deflated then base64 for the redirect binding. */
export function responseXml(samlResponse: string, deflated: boolean): string {
  const bytes = Buffer.from(samlResponse, "base64");
  if (!deflated) return bytes.toString("utf8");
  try {
    return inflateRawSync(bytes, { maxOutputLength: 1 << 20 }).toString("utf8");
  } catch {
    throw invalidSamlDocument();
  }
}

/** The root element of an XML text, or undefined when it does not read as well-formed XML. */
export function xmlRoot(xml: string): XmlElement | undefined {
  let valid = xml.includes("<");
  try {
    const root = new DOMParser({ onError: () => (valid = false) }).parseFromString(
      valid ? xml : "<x/>",
      "text/xml",
    ).documentElement;
    return valid && root ? root : undefined;
  } catch {
    return undefined;
  }
}

/** Keycloak 26.7.3's SAML endpoint saves its refusal with the error: no client, a reason only for Destination. */
export async function refuseSamlResponse(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  refused: SamlResponseError,
) {
  await recordEvent(server, realm, {
    type: "IDENTITY_PROVIDER_RESPONSE_ERROR",
    ipAddress: req.ip,
    error: refused.reason,
    ...(refused.detail ? { details: { reason: refused.detail } } : {}),
  });
  return sendErrorPage(reply, realm, refused.message);
}

/**
 * Keycloak 26.7.3 refuses a login response that does not parse as a SAML Response (not XML, another element, no ID,
 * Version or IssueInstant) with IDENTITY_PROVIDER_RESPONSE_ERROR `invalid_saml_response`, reason
 * `invalid_saml_document`, before it looks for the login the RelayState names.
 */
const invalidSamlDocument = () =>
  new SamlResponseError("invalid_saml_response", INVALID_RESPONSE_MESSAGE, "invalid_saml_document");

export function responseDocument(samlResponse: string, deflated: boolean) {
  const root = xmlRoot(responseXml(samlResponse, deflated));
  if (!root || root.namespaceURI !== SAML_PROTOCOL || root.localName !== "Response") throw invalidSamlDocument();
  if (!["ID", "Version", "IssueInstant"].every((name) => root.hasAttribute(name))) throw invalidSamlDocument();
  return root;
}

/** The text of an element's own `saml:Issuer` child, as Keycloak reads a response's or an assertion's issuer. */
function issuerOf(element: XmlElement): string | undefined {
  const issuer = Array.from(element.getElementsByTagNameNS(SAML_ASSERTION, "Issuer")).find(
    (node) => node.parentNode === element,
  );
  return issuer?.textContent?.trim() || undefined;
}

/**
 * Keycloak's SAMLEndpoint refuses a login response, and then its assertion, whose Issuer is missing or is not the
 * provider's "Identity provider entity ID" (no entity ID configured: any issuer).
 */
function checkIssuer(idp: IdentityProviderRecord, issuer: string | undefined) {
  const expected = configOf(idp).idpEntityId;
  if (expected && issuer !== expected) throw new SamlResponseError("invalid_saml_response", "Invalid requester");
}

/**
 * Keycloak picks the realm key that decrypts an assertion by the provider's "Encryption algorithm": with one set,
 * an assertion whose key was encrypted by another algorithm finds no key and is refused (none set: any).
 */
function checkKeyTransport(idp: IdentityProviderRecord, root: XmlElement) {
  const allowed = KEY_TRANSPORT[configOf(idp).encryptionAlgorithm ?? ""];
  if (!allowed) return;
  for (const assertion of Array.from(root.getElementsByTagNameNS(SAML_ASSERTION, "EncryptedAssertion")))
    for (const key of Array.from(assertion.getElementsByTagNameNS(XML_ENCRYPTION, "EncryptedKey"))) {
      const method = Array.from(key.getElementsByTagNameNS(XML_ENCRYPTION, "EncryptionMethod")).find(
        (node) => node.parentNode === key,
      );
      if (!allowed.includes(method?.getAttribute("Algorithm") ?? ""))
        throw new SamlResponseError("invalid_saml_response", "Invalid requester");
    }
}

/** The principal Keycloak takes: the subject's NameID, or an attribute by name or friendly name (principalType). */
function principalOf(idp: IdentityProviderRecord, profile: Profile, attributes: SamlAttribute[]): string | undefined {
  const config = configOf(idp);
  const type = config.principalType || "SUBJECT";
  if (type === "SUBJECT") return profile.nameID || undefined;
  const wanted = config.principalAttribute ?? "";
  const match = attributes.find((a) => (type === "FRIENDLY_ATTRIBUTE" ? a.friendlyName : a.name) === wanted);
  return match?.values[0] || undefined;
}

/**
 * Verifies a SAMLResponse (POST binding, or redirect binding when `originalQuery` is given), addressed to the endpoint
 * it came to (`expectedDestination`), against the provider's certificates and answers the brokered identity as claims:
 * `sub` and `preferred_username` are the principal, `email` the NameID when its format is email or the X500 email
 * attribute, and the assertion's attributes.
 */
export async function verifySamlResponse(
  server: ServerContext,
  req: FastifyRequest,
  realm: RealmRecord,
  idp: IdentityProviderRecord,
  message: { SAMLResponse: string; RelayState?: string },
  binding: { expectedDestination: string; originalQuery?: string; signatureVerified?: boolean },
): Promise<Claims> {
  const config = configOf(idp);
  const { originalQuery } = binding;
  const root = responseDocument(message.SAMLResponse, originalQuery !== undefined);
  checkDestination(root, binding.expectedDestination, originalQuery);
  checkIssuer(idp, issuerOf(root));
  const hasEncrypted = root.getElementsByTagNameNS(SAML_ASSERTION, "EncryptedAssertion").length > 0;
  if (config.wantAssertionsEncrypted === "true" && !hasEncrypted)
    throw new SamlResponseError("invalid_saml_response", "Invalid requester");
  checkKeyTransport(idp, root);
  const validateSignature = config.validateSignature === "true";
  if (validateSignature && (await idpSigningCertificates(idp)).length === 0)
    throw new SamlResponseError("invalid_signature", INVALID_SIGNATURE_MESSAGE);
  const sp = await serviceProvider(server, realmEntityUrl(server, req, realm), realm, idp);
  let profile: Profile | null;
  try {
    // an artifact's ArtifactResponse whose own signature verified covers the Response it carries
    if (!validateSignature || binding.signatureVerified)
      profile = await sp.readUnverifiedResponseAsync(
        responseXml(message.SAMLResponse, originalQuery !== undefined),
        config.wantAssertionsSigned === "true",
      );
    else
      profile =
        originalQuery === undefined
          ? (await sp.validatePostResponseAsync(message)).profile
          : (await sp.validateRedirectAsync(message, originalQuery)).profile;
  } catch (error) {
    const text = error instanceof Error ? error.message : "";
    if (/signature/i.test(text)) throw new SamlResponseError("invalid_signature", INVALID_SIGNATURE_MESSAGE);
    if (/expired|NotBefore|NotOnOrAfter|clock/i.test(text))
      throw new SamlResponseError("expired_code", "Login timeout. Please sign in again.");
    throw new SamlResponseError("invalid_saml_response", "Invalid requester");
  }
  if (!profile) throw new SamlResponseError("invalid_saml_response", "Invalid requester");
  checkIssuer(idp, typeof profile.issuer === "string" ? profile.issuer.trim() : undefined);
  const attributes = assertionAttributes(profile);
  const principal = principalOf(idp, profile, attributes);
  if (!principal) throw new SamlResponseError("invalid_saml_response", "Invalid requester");
  const x500Email = attributes.find((a) => a.name === X500_EMAIL || a.friendlyName === "email")?.values[0];
  const email = x500Email ?? (profile.nameIDFormat === EMAIL_NAME_ID ? profile.nameID : undefined);
  return {
    sub: principal,
    preferred_username: principal,
    ...(email ? { email } : {}),
    [SAML_ATTRIBUTES_CLAIM]: attributes,
    [SAML_SUBJECT_CLAIM]: {
      nameID: profile.nameID,
      nameIDFormat: profile.nameIDFormat,
      sessionIndex: profile.sessionIndex,
    } satisfies SamlSubject,
  };
}
