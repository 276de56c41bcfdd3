import { createHash } from "node:crypto";
import { DOMImplementation, XMLSerializer, type Document, type Element } from "@xmldom/xmldom";
import { signXmlMetadata } from "@node-saml/node-saml/lib/utility.js";

const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DSIG = "http://www.w3.org/2000/09/xmldsig#";
const POST_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const ARTIFACT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Artifact";

export interface SpDescriptorInput {
  /** `{base}/realms/{realm}`: the default SP entity id. */
  realmUrl: string;
  alias: string;
  config: Record<string, string>;
  /** The realm's signing certificate (base64 DER), shown when requests are signed. */
  signingCertificate?: string;
  /** The realm key's id: the KeyDescriptor's KeyName. */
  signingKeyId?: string;
  /** The realm key's PKCS#8 PEM: with "Sign service provider metadata" on, the descriptor is signed with it. */
  signingKey?: string;
  /** node-saml's name of the signature algorithm ("Signature algorithm" of the provider). */
  signatureAlgorithm?: "sha1" | "sha256" | "sha512";
}

function append(doc: Document, parent: Element, name: string, attributes: Record<string, string> = {}): Element {
  const element = doc.createElementNS(MD, `md:${name}`);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  parent.appendChild(element);
  return element;
}

/** The broker's SAML service provider descriptor (Keycloak's SAMLIdentityProvider.export / endpoint/descriptor). */
export function spDescriptor({
  realmUrl,
  alias,
  config,
  signingCertificate,
  signingKeyId,
  signingKey,
  signatureAlgorithm,
}: SpDescriptorInput): string {
  const endpoint = `${realmUrl}/broker/${encodeURIComponent(alias)}/endpoint`;
  const doc = new DOMImplementation().createDocument(MD, "md:EntityDescriptor", null);
  const root = doc.documentElement!;
  root.setAttribute("entityID", config.entityId || realmUrl);
  const signMetadata = config.signSpMetadata === "true" && signingKey !== undefined;
  // the signature references the descriptor by its ID: stable, so export and the endpoint answer the same
  if (signMetadata)
    root.setAttribute("ID", `ID_${createHash("sha256").update(`${realmUrl} ${alias}`).digest("hex").slice(0, 32)}`);
  const signed = config.wantAuthnRequestsSigned === "true";
  const sp = append(doc, root, "SPSSODescriptor", {
    AuthnRequestsSigned: String(signed),
    WantAssertionsSigned: String(config.wantAssertionsSigned === "true"),
    protocolSupportEnumeration: "urn:oasis:names:tc:SAML:2.0:protocol",
  });
  // the broker signs requests and decrypts assertions with the realm's RS256 key: its certificate serves both uses
  const uses = [...(signed ? ["signing"] : []), ...(config.wantAssertionsEncrypted === "true" ? ["encryption"] : [])];
  for (const use of signingCertificate ? uses : []) {
    const keyDescriptor = append(doc, sp, "KeyDescriptor", { use });
    const keyInfo = doc.createElementNS(DSIG, "ds:KeyInfo");
    if (signingKeyId) {
      const keyName = doc.createElementNS(DSIG, "ds:KeyName");
      keyName.appendChild(doc.createTextNode(signingKeyId));
      keyInfo.appendChild(keyName);
    }
    const data = doc.createElementNS(DSIG, "ds:X509Data");
    const certificate = doc.createElementNS(DSIG, "ds:X509Certificate");
    certificate.appendChild(doc.createTextNode(signingCertificate!));
    data.appendChild(certificate);
    keyInfo.appendChild(data);
    keyDescriptor.appendChild(keyInfo);
  }
  // Keycloak 26.7.3 lists both logout bindings, the provider's "HTTP-POST binding for logout" choice first
  const logoutBindings =
    config.postBindingLogout === "true" ? [POST_BINDING, REDIRECT_BINDING] : [REDIRECT_BINDING, POST_BINDING];
  for (const binding of logoutBindings)
    append(doc, sp, "SingleLogoutService", { Binding: binding, Location: endpoint });
  // no NameID policy format configured: Keycloak 26.7.3 writes the element empty
  append(doc, sp, "NameIDFormat").appendChild(doc.createTextNode(config.nameIDPolicyFormat ?? ""));
  // Keycloak 26.7.3 offers every response binding, the artifact one last, ordered by the AuthnRequest's binding
  const acsBindings =
    config.postBindingAuthnRequest === "true"
      ? [POST_BINDING, REDIRECT_BINDING, ARTIFACT_BINDING]
      : [REDIRECT_BINDING, POST_BINDING, ARTIFACT_BINDING];
  acsBindings.forEach((binding, i) =>
    append(doc, sp, "AssertionConsumerService", {
      Binding: binding,
      Location: endpoint,
      ...(i === 0 ? { isDefault: "true" } : {}),
      index: String(i + 1),
    }),
  );
  const xml = new XMLSerializer().serializeToString(doc);
  // Keycloak's "Sign service provider metadata": an enveloped signature, first child of the EntityDescriptor
  const output = signMetadata
    ? signXmlMetadata(xml, {
        privateKey: signingKey,
        publicCert: signingCertificate ? pem(signingCertificate) : undefined,
        signatureAlgorithm: signatureAlgorithm ?? "sha256",
        digestAlgorithm: signatureAlgorithm ?? "sha256",
      })
    : xml;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${output}`;
}

function pem(certificate: string) {
  return `-----BEGIN CERTIFICATE-----\n${certificate.replace(/(.{64})/g, "$1\n")}\n-----END CERTIFICATE-----\n`;
}
