import type { Element as XmlElement } from "@xmldom/xmldom";
import { responseXml, SamlResponseError, xmlRoot } from "./saml-broker.ts";

const XML_SIGNATURE = "http://www.w3.org/2000/09/xmldsig#";
const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/** Two URLs are one destination when equal, or equal but for a scheme's default port written out (as Keycloak compares). */
function sameDestination(expected: string, actual: string): boolean {
  if (expected === actual) return true;
  let a: URL, b: URL;
  try {
    a = new URL(expected);
    b = new URL(actual);
  } catch {
    return false;
  }
  const port = (url: URL) => url.port || DEFAULT_PORTS[url.protocol] || "";
  return (
    a.protocol === b.protocol &&
    a.hostname === b.hostname &&
    port(a) === port(b) &&
    `${a.pathname}${a.search}${a.hash}` === `${b.pathname}${b.search}${b.hash}`
  );
}

/**
 * Keycloak's SAMLEndpoint refuses a login response, before it verifies any signature, whose Destination is not the
 * endpoint it was posted to (`…/endpoint`, or `…/endpoint/clients/{name}` for IdP-initiated SSO), and one with no
 * Destination when it is signed (any XML signature in it for the POST binding, SigAlg and Signature for the redirect one).
 */
export function checkDestination(root: XmlElement, expected: string, originalQuery: string | undefined) {
  if (!root.hasAttribute("Destination")) {
    const query = originalQuery === undefined ? undefined : new URLSearchParams(originalQuery);
    const signed = query
      ? query.get("SigAlg") !== null && query.get("Signature") !== null
      : root.getElementsByTagNameNS(XML_SIGNATURE, "Signature").length > 0;
    if (signed) throw new SamlResponseError("invalid_saml_response", "Invalid Request", "missing_required_destination");
    return;
  }
  if (!sameDestination(expected, root.getAttribute("Destination") ?? ""))
    throw new SamlResponseError("invalid_saml_response", "Invalid Request", "invalid_destination");
}

/**
 * The Destination check on a SAMLResponse as it came (base64, deflated first when `originalQuery` says it came by
 * redirect). A response that does not read as XML is left to the checks after it.
 */
export function checkEncodedDestination(samlResponse: string, originalQuery: string | undefined, expected: string) {
  let xml: string;
  try {
    xml = responseXml(samlResponse, originalQuery !== undefined);
  } catch {
    return;
  }
  const root = xmlRoot(xml);
  if (root) checkDestination(root, expected, originalQuery);
}
