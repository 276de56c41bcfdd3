import { randomUUID } from "node:crypto";
import { DOMImplementation, XMLSerializer, type Document as XmlDocument, type Element } from "@xmldom/xmldom";
import { signSamlPost } from "@node-saml/node-saml/lib/saml-post-signing.js";
import { SAML } from "@node-saml/node-saml";
import type { FastifyReply } from "fastify";
import type { ServerContext } from "../context.ts";
import type { AuthRequest } from "../oidc/auth-requests.ts";
import { sendPostBindingPage } from "./post-binding-page.ts";
import { recordEvent } from "../events/record.ts";
import type { ClientRecord, RealmRecord, UserRecord, UserSessionRecord } from "../store/types.ts";
import { clientAttribute, realmNumber } from "../oidc/lookup.ts";
import { realmSigningKey } from "../oidc/keys.ts";
import { realmEntityUrl, SAML_ASSERTION, SAML_PROTOCOL, samlSignatureAlgorithm } from "../broker/saml-broker.ts";
import { nameIdFormat, nameIdValue } from "./name-id.ts";
import { samlAttributes, type SamlAttributeValue } from "./attribute-statement.ts";

const SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success";
const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
const UNSPECIFIED_CONTEXT = "urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified";
const RESPONSE_XPATH = `/*[local-name(.)="Response" and namespace-uri(.)="${SAML_PROTOCOL}"]`;
/** The document's root, a Response or a LogoutResponse, which "Sign documents" signs. */
const MESSAGE_XPATH = `/*[namespace-uri(.)="${SAML_PROTOCOL}"]`;
const ASSERTION_XPATH = `${RESPONSE_XPATH}/*[local-name(.)="Assertion" and namespace-uri(.)="${SAML_ASSERTION}"]`;

/** What a SAML client's login response says: to whom, about which user and session. */
export interface SamlLoginResponse {
  realmUrl: string;
  realm: RealmRecord;
  client: ClientRecord;
  user: UserRecord;
  session: UserSessionRecord;
  /** The assertion consumer URL the response is posted to (its Destination and the subject's Recipient). */
  destination: string;
  /** The AuthnRequest answered; absent for IdP-initiated SSO. */
  inResponseTo?: string;
  nameId: { format: string; value: string };
  attributes: SamlAttributeValue[];
}

/** Keycloak's SessionIndex: `<user session id>::<client session id>`, its client session keyed by the client's id. */
export const samlSessionIndex = (sessionId: string, clientId: string) => `${sessionId}::${clientId}`;

const XS = "http://www.w3.org/2001/XMLSchema";
const XSI = "http://www.w3.org/2001/XMLSchema-instance";

/** Times as Keycloak writes them, with milliseconds. */
const iso = (ms: number) => new Date(ms).toISOString();
const id = () => `ID_${randomUUID()}`;

function child(doc: XmlDocument, parent: Element, namespace: string, name: string, text?: string): Element {
  const element = doc.createElementNS(namespace, name);
  if (text !== undefined) element.appendChild(doc.createTextNode(text));
  parent.appendChild(element);
  return element;
}

/** The unsigned Response with one assertion, shaped as Keycloak's SAML protocol writes it. */
function responseXml(response: SamlLoginResponse, issuedAt: number): string {
  const { client, realm, realmUrl, destination, inResponseTo } = response;
  const assertionLifespan = Number(clientAttribute(client, "saml.assertion.lifespan") ?? 0) || 0;
  const conditionsEnd = issuedAt + (assertionLifespan || realmNumber(realm, "accessCodeLifespan", 60)) * 1000;
  const subjectEnd = issuedAt + (assertionLifespan || realmNumber(realm, "accessTokenLifespan", 300)) * 1000;
  const doc = new DOMImplementation().createDocument(SAML_PROTOCOL, "samlp:Response", null);
  const root = doc.documentElement!;
  root.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:saml", SAML_ASSERTION);
  root.setAttribute("ID", id());
  root.setAttribute("Version", "2.0");
  root.setAttribute("IssueInstant", iso(issuedAt));
  root.setAttribute("Destination", destination);
  if (inResponseTo) root.setAttribute("InResponseTo", inResponseTo);
  child(doc, root, SAML_ASSERTION, "saml:Issuer", realmUrl);
  const status = child(doc, root, SAML_PROTOCOL, "samlp:Status");
  child(doc, status, SAML_PROTOCOL, "samlp:StatusCode").setAttribute("Value", SUCCESS);

  const assertion = child(doc, root, SAML_ASSERTION, "saml:Assertion");
  assertion.setAttribute("ID", id());
  assertion.setAttribute("Version", "2.0");
  assertion.setAttribute("IssueInstant", iso(issuedAt));
  child(doc, assertion, SAML_ASSERTION, "saml:Issuer", realmUrl);
  const subject = child(doc, assertion, SAML_ASSERTION, "saml:Subject");
  const { nameId } = response;
  child(doc, subject, SAML_ASSERTION, "saml:NameID", nameId.value).setAttribute("Format", nameId.format);
  const confirmation = child(doc, subject, SAML_ASSERTION, "saml:SubjectConfirmation");
  confirmation.setAttribute("Method", BEARER);
  const confirmationData = child(doc, confirmation, SAML_ASSERTION, "saml:SubjectConfirmationData");
  if (inResponseTo) confirmationData.setAttribute("InResponseTo", inResponseTo);
  confirmationData.setAttribute("NotOnOrAfter", iso(subjectEnd));
  confirmationData.setAttribute("Recipient", destination);
  const conditions = child(doc, assertion, SAML_ASSERTION, "saml:Conditions");
  conditions.setAttribute("NotBefore", iso(issuedAt));
  conditions.setAttribute("NotOnOrAfter", iso(conditionsEnd));
  const audience = child(doc, conditions, SAML_ASSERTION, "saml:AudienceRestriction");
  child(doc, audience, SAML_ASSERTION, "saml:Audience", client.clientId);
  const statement = child(doc, assertion, SAML_ASSERTION, "saml:AuthnStatement");
  // Keycloak 26.7.3: the instant of this Response, the SSO Session Max after it, and the user and client sessions
  statement.setAttribute("AuthnInstant", iso(issuedAt));
  statement.setAttribute("SessionIndex", samlSessionIndex(response.session.id, client.id));
  const sessionMax = realmNumber(realm, "ssoSessionMaxLifespan", 36000);
  statement.setAttribute("SessionNotOnOrAfter", iso(issuedAt + sessionMax * 1000));
  const context = child(doc, statement, SAML_ASSERTION, "saml:AuthnContext");
  child(doc, context, SAML_ASSERTION, "saml:AuthnContextClassRef", UNSPECIFIED_CONTEXT);
  if (response.attributes.length) {
    const attributeStatement = child(doc, assertion, SAML_ASSERTION, "saml:AttributeStatement");
    for (const { name, nameFormat, friendlyName, values } of response.attributes) {
      const attribute = child(doc, attributeStatement, SAML_ASSERTION, "saml:Attribute");
      if (friendlyName) attribute.setAttribute("FriendlyName", friendlyName);
      attribute.setAttribute("Name", name);
      attribute.setAttribute("NameFormat", nameFormat);
      for (const value of values) {
        const element = child(doc, attribute, SAML_ASSERTION, "saml:AttributeValue", value);
        element.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:xs", XS);
        element.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:xsi", XSI);
        element.setAttributeNS(XSI, "xsi:type", "xs:string");
      }
    }
  }
  return new XMLSerializer().serializeToString(doc);
}

/** The realm's key, as node-saml signs with it for the client's "Signature algorithm". */
async function signingOptions(server: ServerContext, realm: RealmRecord, client: ClientRecord) {
  const key = await realmSigningKey(server, realm, "RS256");
  const algorithm = samlSignatureAlgorithm({
    signatureAlgorithm: clientAttribute(client, "saml.signature.algorithm") ?? "",
  });
  return {
    privateKey: key.privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    publicCert: key.certificate
      ? `-----BEGIN CERTIFICATE-----\n${key.certificate}\n-----END CERTIFICATE-----\n`
      : undefined,
    signatureAlgorithm: algorithm,
    digestAlgorithm: algorithm,
  };
}

/**
 * Sends a Response to the assertion consumer: by the POST binding an auto-posted form, the document signed (by
 * node-saml, xml-crypto) when "Sign documents" is on; by the redirect binding a redirect whose query (the deflated
 * Response, RelayState) node-saml signs instead, as Keycloak's redirect binding does.
 */
export async function deliverSamlResponse(
  server: ServerContext,
  reply: FastifyReply,
  target: { realm: RealmRecord; client: ClientRecord; destination: string; relayState?: string },
  xml: string,
  binding: "post" | "redirect",
) {
  const { realm, client, destination, relayState } = target;
  const signDocument = clientAttribute(client, "saml.server.signature") === "true";
  const options = signDocument ? await signingOptions(server, realm, client) : undefined;
  if (binding === "redirect") {
    const saml = new SAML({
      entryPoint: destination,
      issuer: client.clientId,
      callbackUrl: destination,
      idpCert: "-",
      ...(options && { privateKey: options.privateKey, signatureAlgorithm: options.signatureAlgorithm }),
    });
    const location = await saml._requestToUrlAsync(
      null,
      xml,
      "authorize",
      relayState ? { RelayState: relayState } : {},
    );
    return reply.redirect(location, 302);
  }
  const signed = options ? signSamlPost(xml, MESSAGE_XPATH, options) : xml;
  return sendPostBindingPage(reply, destination, {
    SAMLResponse: Buffer.from(signed, "utf8").toString("base64"),
    RelayState: relayState,
  });
}

/** The client's login Response XML, its assertion signed when "Sign assertions" is on. */
export async function samlLoginResponseXml(server: ServerContext, response: SamlLoginResponse): Promise<string> {
  const xml = responseXml(response, Date.now());
  if (clientAttribute(response.client, "saml.assertion.signature") !== "true") return xml;
  return signSamlPost(xml, ASSERTION_XPATH, await signingOptions(server, response.realm, response.client));
}

/** The end of a SAML client's login: its signed Response sent to the assertion consumer URL with the RelayState. */
export async function completeSamlLogin(
  server: ServerContext,
  reply: FastifyReply,
  login: Pick<SamlLoginResponse, "realm" | "client" | "user" | "session">,
  request: AuthRequest,
  ipAddress: string,
) {
  const { realm, client, user, session } = login;
  const realmUrl = realmEntityUrl(server, reply.request, realm);
  const format = request.saml?.nameIdFormat ?? nameIdFormat(client, undefined);
  const nameId = { format, value: await nameIdValue(server, client, user, format) };
  const attributes = samlAttributes({ db: server.db, realm, client, user: server.db.get("users", user.id) ?? user });
  const xml = await samlLoginResponseXml(server, {
    ...login,
    realmUrl,
    destination: request.redirectUri,
    inResponseTo: request.saml?.requestId,
    nameId,
    attributes,
  });
  await recordEvent(server, realm, {
    type: "LOGIN",
    clientId: client.clientId,
    userId: user.id,
    sessionId: session.id,
    ipAddress,
    details: {
      auth_method: "saml",
      redirect_uri: request.redirectUri,
      consent: "no_consent_required",
      code_id: session.id,
      username: user.username,
    },
  });
  const target = { realm, client, destination: request.redirectUri, relayState: request.samlRelayState };
  return deliverSamlResponse(server, reply, target, xml, request.saml?.binding ?? "post");
}
