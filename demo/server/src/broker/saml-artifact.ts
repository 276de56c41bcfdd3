import { randomUUID } from "node:crypto";
import { DOMParser, XMLSerializer, type Element as XmlElement } from "@xmldom/xmldom";
import { signXml, validateSignature } from "@node-saml/node-saml/lib/xml.js";
import type { IdentityProviderRecord, RealmRecord } from "../store/types.ts";
import type { ServerContext } from "../context.ts";
import { realmSigningKey } from "../oidc/keys.ts";
import { idpSigningCertificates } from "./saml-metadata-keys.ts";
import { checkDestination } from "./saml-destination.ts";
import {
  configOf,
  INVALID_SIGNATURE_MESSAGE,
  SamlResponseError,
  SAML_ASSERTION,
  SAML_PROTOCOL,
  samlSignatureAlgorithm,
  xmlRoot,
} from "./saml-broker.ts";

const SOAP_ENVELOPE = "http://schemas.xmlsoap.org/soap/envelope/";
const XML_SIGNATURE = "http://www.w3.org/2000/09/xmldsig#";
/** The SOAPAction Keycloak's broker sends its ArtifactResolve with. */
const SOAP_ACTION = "http://www.oasis-open.org/committees/security";
const RESOLVE_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 1 << 20;

/** The page for an artifact whose resolution service did not answer usably (Keycloak: an uncaught 500; ours: 502). */
const UNRESOLVED_MESSAGE = "Unexpected error when authenticating with identity provider";
/** Keycloak's exception text, shown here as a 400 page (Keycloak answers it with a 500). */
const NO_RESOLUTION_URL_MESSAGE = "Artifact Resolution Service URL is not configured for the Identity Provider.";

/** Why an artifact did not give a login response, as Keycloak's SAMLEndpoint ArtifactBinding reports it. */
export class SamlArtifactError extends Error {
  constructor(
    /** The event's error, or undefined when Keycloak records no event (the resolution itself failed). */
    readonly error: "invalid_request" | "invalid_signature" | "invalid_saml_response" | undefined,
    /** The event's `reason` detail. */
    readonly reason: string | undefined,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const unresolved = (cause: string) => {
  const error = new SamlArtifactError(undefined, undefined, UNRESOLVED_MESSAGE, 502);
  error.cause = cause;
  return error;
};
const invalidArtifactResponse = () =>
  new SamlArtifactError("invalid_request", "invalid_artifact_response", "Invalid Request");

const pem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64.replace(/\s+/g, "").replace(/(.{64})/g, "$1\n")}\n-----END CERTIFICATE-----\n`;

const escapeXml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The ArtifactResolve for `artifact`, from `issuer` to the resolution service, signed as Keycloak signs AuthnRequests. */
async function artifactResolve(
  server: ServerContext,
  realm: RealmRecord,
  idp: IdentityProviderRecord,
  issuer: string,
  artifact: string,
) {
  const config = configOf(idp);
  const url = config.artifactResolutionServiceUrl!.trim();
  const xml =
    `<samlp:ArtifactResolve xmlns:samlp="${SAML_PROTOCOL}" xmlns:saml="${SAML_ASSERTION}" ID="ID_${randomUUID()}"` +
    ` Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeXml(url)}">` +
    `<saml:Issuer>${escapeXml(issuer)}</saml:Issuer><samlp:Artifact>${escapeXml(artifact)}</samlp:Artifact>` +
    `</samlp:ArtifactResolve>`;
  if (config.wantAuthnRequestsSigned !== "true") return xml;
  const key = await realmSigningKey(server, realm, "RS256");
  return signXml(
    xml,
    "/*[local-name(.)='ArtifactResolve']",
    { reference: "/*[local-name(.)='ArtifactResolve']/*[local-name(.)='Issuer']", action: "after" },
    {
      privateKey: key.privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
      publicCert: key.certificate ? pem(key.certificate) : undefined,
      signatureAlgorithm: samlSignatureAlgorithm(config),
    },
  );
}

/** Sends the ArtifactResolve by SOAP and answers the first element of the answer's SOAP Body. */
async function callResolutionService(url: string, request: string): Promise<{ xml: string; message: XmlElement }> {
  let text: string;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "text/xml; charset=utf-8", SOAPAction: SOAP_ACTION },
      body: `<soap:Envelope xmlns:soap="${SOAP_ENVELOPE}"><soap:Body>${request}</soap:Body></soap:Envelope>`,
      signal: AbortSignal.timeout(RESOLVE_TIMEOUT_MS),
      redirect: "manual",
    });
    text = await response.text();
    if (!response.ok || Buffer.byteLength(text) > MAX_ANSWER_BYTES) throw new Error(`answered ${response.status}`);
  } catch (error) {
    throw unresolved(`Unable to resolve a SAML artifact to: ${url}: ${String(error)}`);
  }
  const envelope = xmlRoot(text);
  const body =
    envelope?.namespaceURI === SOAP_ENVELOPE && envelope.localName === "Envelope"
      ? Array.from(envelope.getElementsByTagNameNS(SOAP_ENVELOPE, "Body")).find((node) => node.parentNode === envelope)
      : undefined;
  const message = body && Array.from(body.childNodes).find((node): node is XmlElement => node.nodeType === 1);
  if (!message) throw unresolved(`Unable to resolve a SAML artifact to: ${url}: no SOAP message`);
  // the message as its own document, carrying the namespaces it uses, so its signature is checked as it was made
  const xml = new XMLSerializer().serializeToString(message);
  const own = new DOMParser({ onError: () => undefined }).parseFromString(xml, "text/xml").documentElement!;
  return { xml, message: own };
}

const childElements = (element: XmlElement) =>
  Array.from(element.childNodes).filter((node): node is XmlElement => node.nodeType === 1);

/**
 * Keycloak's ArtifactBinding: resolves `SAMLart` at the provider's Artifact Resolution Service by a SOAP
 * ArtifactResolve, checks the ArtifactResponse (its signature with the provider's certificates when "Validate
 * Signatures" is on, the embedded Response's Destination) and answers the embedded Response, base64, for the login
 * response path. `signatureVerified`: the ArtifactResponse's own signature was verified, which covers the Response.
 */
export async function resolveArtifact(
  server: ServerContext,
  realm: RealmRecord,
  idp: IdentityProviderRecord,
  artifact: string,
  issuer: string,
  expectedDestination: string,
): Promise<{ SAMLResponse: string; signatureVerified: boolean }> {
  const config = configOf(idp);
  if (!config.artifactResolutionServiceUrl?.trim())
    throw new SamlArtifactError(undefined, undefined, NO_RESOLUTION_URL_MESSAGE);
  const request = await artifactResolve(server, realm, idp, issuer, artifact);
  const { xml, message } = await callResolutionService(config.artifactResolutionServiceUrl.trim(), request);
  if (message.namespaceURI !== SAML_PROTOCOL || message.localName !== "ArtifactResponse")
    throw invalidArtifactResponse();
  const signed = message.getElementsByTagNameNS(XML_SIGNATURE, "Signature").length > 0;
  const ownSignature = childElements(message).some(
    (node) => node.namespaceURI === XML_SIGNATURE && node.localName === "Signature",
  );
  let signatureVerified = false;
  if (config.validateSignature === "true" && ownSignature) {
    const certificates = (await idpSigningCertificates(idp)).map(pem);
    let valid = false;
    try {
      valid = certificates.length > 0 && validateSignature(xml, message as unknown as Element, certificates);
    } catch {
      valid = false;
    }
    if (!valid) throw new SamlArtifactError("invalid_signature", undefined, INVALID_SIGNATURE_MESSAGE);
    signatureVerified = true;
  }
  const response = childElements(message).find(
    (node) => node.namespaceURI === SAML_PROTOCOL && node.localName === "Response",
  );
  if (!response) throw invalidArtifactResponse();
  if (signed && !response.hasAttribute("Destination"))
    throw new SamlArtifactError("invalid_saml_response", "missing_required_destination", "Invalid Request");
  try {
    checkDestination(response, expectedDestination, undefined);
  } catch (error) {
    if (!(error instanceof SamlResponseError)) throw error;
    throw new SamlArtifactError("invalid_saml_response", error.detail, error.message);
  }
  const embedded = new XMLSerializer().serializeToString(response);
  return { SAMLResponse: Buffer.from(embedded, "utf8").toString("base64"), signatureVerified };
}
