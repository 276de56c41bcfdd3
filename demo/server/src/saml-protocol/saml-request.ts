import { inflateRawSync } from "node:zlib";
import type { Element as XmlElement } from "@xmldom/xmldom";
import { SAML } from "@node-saml/node-saml";
import { validateSignature } from "@node-saml/node-saml/lib/xml.js";
import { SAML_ASSERTION, SAML_PROTOCOL, xmlRoot } from "../broker/saml-broker.ts";

export const POST_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
export const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

/** A SAML message as it came: by the redirect binding (deflated, its query signed) or by the POST binding. */
export interface SamlBindingMessage {
  SAMLRequest: string;
  RelayState?: string;
  /** The HTTP-Redirect binding: the raw query string, with its SigAlg and Signature when signed. */
  redirect?: { originalQuery: string; SigAlg?: string; Signature?: string };
}

/** What this server reads from a request at the SAML endpoint: an AuthnRequest's fields, or a LogoutRequest's. */
export interface SamlRequest {
  /** The root element's name: AuthnRequest, LogoutRequest, or another one the endpoint refuses. */
  kind: string;
  id: string;
  issuer?: string;
  assertionConsumerServiceUrl?: string;
  protocolBinding?: string;
  isPassive: boolean;
  forceAuthn: boolean;
  nameIdPolicyFormat?: string;
  destination?: string;
  /** A LogoutRequest's SessionIndex values. */
  sessionIndexes: string[];
  /** The document's root, to check an enveloped signature of the POST binding against. */
  root: XmlElement;
  xml: string;
}

/** The message's XML, or undefined when it is not base64 (deflated by the redirect binding) of well-formed XML. */
function messageXml(message: SamlBindingMessage): string | undefined {
  const bytes = Buffer.from(message.SAMLRequest, "base64");
  if (!message.redirect) return bytes.toString("utf8");
  try {
    return inflateRawSync(bytes, { maxOutputLength: 1 << 20 }).toString("utf8");
  } catch {
    return undefined;
  }
}

const child = (element: XmlElement, namespace: string, name: string) =>
  Array.from(element.childNodes).find(
    (node): node is XmlElement => node.nodeType === 1 && node.namespaceURI === namespace && node.localName === name,
  );

const attribute = (element: XmlElement, name: string) => element.getAttribute(name) ?? undefined;

/** The message's request, or undefined when the message is no SAML protocol message (nor well-formed XML). */
export function parseSamlRequest(message: SamlBindingMessage): SamlRequest | undefined {
  const xml = messageXml(message);
  const root = xml === undefined ? undefined : xmlRoot(xml);
  if (!xml || !root || root.namespaceURI !== SAML_PROTOCOL) return undefined;
  const policy = child(root, SAML_PROTOCOL, "NameIDPolicy");
  const sessionIndexes = Array.from(root.childNodes)
    .filter((node): node is XmlElement => node.nodeType === 1)
    .filter((element) => element.namespaceURI === SAML_PROTOCOL && element.localName === "SessionIndex")
    .map((element) => element.textContent?.trim() ?? "");
  return {
    kind: root.localName ?? "",
    id: attribute(root, "ID") ?? "",
    issuer: child(root, SAML_ASSERTION, "Issuer")?.textContent?.trim() || undefined,
    assertionConsumerServiceUrl: attribute(root, "AssertionConsumerServiceURL"),
    protocolBinding: attribute(root, "ProtocolBinding"),
    isPassive: attribute(root, "IsPassive") === "true",
    forceAuthn: attribute(root, "ForceAuthn") === "true",
    nameIdPolicyFormat: policy ? attribute(policy, "Format") : undefined,
    destination: attribute(root, "Destination"),
    sessionIndexes,
    root,
    xml,
  };
}

/** node-saml's check of a redirect binding's query signature, reached for any request (node-saml keeps it protected). */
class RedirectSignatureCheck extends SAML {
  async check(message: { SAMLRequest: string; SigAlg: string; Signature: string }, originalQuery: string) {
    await this.hasValidSignatureForRedirect(message, originalQuery);
  }
}

const XML_SIGNATURE = "http://www.w3.org/2000/09/xmldsig#";

/** Whether the request's own signature digests or signs with SHA-1, which Keycloak's secure validation forbids. */
function usesSha1(root: XmlElement): boolean {
  const signature = child(root, XML_SIGNATURE, "Signature");
  const signedInfo = signature && child(signature, XML_SIGNATURE, "SignedInfo");
  if (!signedInfo) return false;
  const algorithms = [
    child(signedInfo, XML_SIGNATURE, "SignatureMethod"),
    ...Array.from(signedInfo.getElementsByTagNameNS(XML_SIGNATURE, "DigestMethod")),
  ].map((element) => element?.getAttribute("Algorithm") ?? "");
  return algorithms.some((algorithm) => /(?:#|-)sha1$/.test(algorithm));
}

const pem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64.replace(/\s+/g, "").replace(/(.{64})/g, "$1\n")}\n-----END CERTIFICATE-----\n`;

/**
 * Whether the request is signed by one of the certificates (base64 DER): over the query for the redirect binding
 * (node-saml's check), by an enveloped XML signature of the request for the POST binding (xml-crypto through
 * node-saml).
 */
export async function signedBy(message: SamlBindingMessage, request: SamlRequest, certificates: string[]) {
  const pems = certificates.filter(Boolean).map(pem);
  if (!pems.length) return false;
  const { redirect } = message;
  if (redirect) {
    if (!redirect.SigAlg || !redirect.Signature) return false;
    const checker = new RedirectSignatureCheck({ idpCert: pems, issuer: "-", callbackUrl: "http://localhost/" });
    try {
      await checker.check(
        { SAMLRequest: message.SAMLRequest, SigAlg: redirect.SigAlg, Signature: redirect.Signature },
        redirect.originalQuery,
      );
      return true;
    } catch {
      return false;
    }
  }
  if (usesSha1(request.root)) return false;
  try {
    return validateSignature(request.xml, request.root as never, pems);
  } catch {
    return false;
  }
}
