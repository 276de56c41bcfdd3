import { DOMParser, type Element } from "@xmldom/xmldom";
import { badRequest } from "../../http/errors.ts";

const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DSIG = "http://www.w3.org/2000/09/xmldsig#";
const POST_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

const invalid = () =>
  badRequest("Could not import config: the document is not a SAML 2.0 identity provider descriptor");

function children(parent: Element, localName: string, ns = MD): Element[] {
  return Array.from(parent.getElementsByTagNameNS(ns, localName));
}

/** The service of a binding Keycloak prefers: HTTP-POST first, then HTTP-Redirect. */
function serviceUrl(services: Element[]): { url: string; post: boolean } | undefined {
  const post = services.find((s) => s.getAttribute("Binding") === POST_BINDING);
  if (post) return { url: post.getAttribute("Location") ?? "", post: true };
  const redirect = services.find((s) => s.getAttribute("Binding") === REDIRECT_BINDING);
  return redirect ? { url: redirect.getAttribute("Location") ?? "", post: false } : undefined;
}

/** The config keys Keycloak's SAML import-config answers for an EntityDescriptor with an IDPSSODescriptor. */
export function samlDescriptorConfig(xml: string): Record<string, string> {
  let idp: Element | undefined;
  let entity: Element | undefined;
  try {
    const doc = new DOMParser({ onError: () => undefined }).parseFromString(xml, "text/xml");
    entity = children(doc.documentElement as unknown as Element, "EntityDescriptor")[0];
    if (doc.documentElement?.localName === "EntityDescriptor") entity = doc.documentElement as unknown as Element;
    idp = entity ? children(entity, "IDPSSODescriptor")[0] : undefined;
  } catch {
    throw invalid();
  }
  if (!entity || !idp) throw invalid();
  const sso = serviceUrl(children(idp, "SingleSignOnService"));
  if (!sso?.url) throw invalid();
  const slo = serviceUrl(children(idp, "SingleLogoutService"));
  const signingCertificates = children(idp, "KeyDescriptor")
    .filter((k) => (k.getAttribute("use") || "signing") === "signing")
    .flatMap((k) => children(k, "X509Certificate", DSIG))
    .map((c) => (c.textContent ?? "").replace(/\s+/g, ""))
    .filter(Boolean);
  const nameIdFormat = children(idp, "NameIDFormat")[0]?.textContent?.trim();
  const config: Record<string, string> = {
    idpEntityId: entity.getAttribute("entityID") ?? "",
    singleSignOnServiceUrl: sso.url,
    singleLogoutServiceUrl: slo?.url ?? "",
    postBindingResponse: String(sso.post),
    postBindingAuthnRequest: String(sso.post),
    postBindingLogout: String(slo?.post ?? sso.post),
    wantAuthnRequestsSigned: String(idp.getAttribute("WantAuthnRequestsSigned") === "true"),
    addExtensionsElementWithKeyInfo: "false",
    validateSignature: String(signingCertificates.length > 0),
    loginHint: "false",
    enabledFromMetadata: "true",
    artifactBindingResponse: "false",
  };
  if (nameIdFormat) config.nameIDPolicyFormat = nameIdFormat;
  if (signingCertificates.length) config.signingCertificate = signingCertificates.join(",");
  return config;
}
