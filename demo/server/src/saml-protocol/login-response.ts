import { randomUUID } from "node:crypto";
import { DOMImplementation, XMLSerializer, type Document as XmlDocument, type Element } from "@xmldom/xmldom";
import { signSamlPost } from "@node-saml/node-saml/lib/saml-post-signing.js";
import type { FastifyReply } from "fastify";
import type { ServerContext } from "../context.ts";
import type { AuthRequest } from "../oidc/auth-requests.ts";
import { sendAuthResponse } from "../oidc/auth-response.ts";
import { recordEvent } from "../events/record.ts";
import type { ClientRecord, RealmRecord, UserRecord, UserSessionRecord } from "../store/types.ts";
import { clientAttribute, realmNumber } from "../oidc/lookup.ts";
import { realmSigningKey } from "../oidc/keys.ts";
import { realmEntityUrl, SAML_ASSERTION, SAML_PROTOCOL, samlSignatureAlgorithm } from "../broker/saml-broker.ts";

const SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success";
const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
const UNSPECIFIED_CONTEXT = "urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified";
const RESPONSE_XPATH = `/*[local-name(.)="Response" and namespace-uri(.)="${SAML_PROTOCOL}"]`;
const ASSERTION_XPATH = `${RESPONSE_XPATH}/*[local-name(.)="Assertion" and namespace-uri(.)="${SAML_ASSERTION}"]`;

/** Keycloak's `saml_name_id_format` values and the NameID each gives (SamlProtocol's name ID formats). */
const NAME_ID_FORMATS: Record<string, { format: string; value: (user: UserRecord) => string | undefined }> = {
  username: { format: "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified", value: (user) => user.username },
  email: { format: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress", value: (user) => user.email },
  transient: { format: "urn:oasis:names:tc:SAML:2.0:nameid-format:transient", value: () => `G-${randomUUID()}` },
};

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
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const id = () => `ID_${randomUUID()}`;

function child(doc: XmlDocument, parent: Element, namespace: string, name: string, text?: string): Element {
  const element = doc.createElementNS(namespace, name);
  if (text !== undefined) element.appendChild(doc.createTextNode(text));
  parent.appendChild(element);
  return element;
}

/** The NameID of the client's "Name ID format" (username when unset or not one this server issues). */
export function samlNameId(client: ClientRecord, user: UserRecord) {
  const choice = NAME_ID_FORMATS[clientAttribute(client, "saml_name_id_format") ?? ""] ?? NAME_ID_FORMATS.username!;
  return { format: choice.format, value: choice.value(user) ?? user.username };
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
  const nameId = samlNameId(client, response.user);
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
  statement.setAttribute("AuthnInstant", iso(response.session.start));
  statement.setAttribute("SessionIndex", response.session.id);
  const context = child(doc, statement, SAML_ASSERTION, "saml:AuthnContext");
  child(doc, context, SAML_ASSERTION, "saml:AuthnContextClassRef", UNSPECIFIED_CONTEXT);
  return new XMLSerializer().serializeToString(doc);
}

/**
 * The client's login Response, base64 for the POST binding: the assertion signed when "Sign assertions" is on, the
 * whole document when "Sign documents" is on, each by node-saml (xml-crypto) with the realm's RS256 key and the
 * client's "Signature algorithm", its certificate in the KeyInfo.
 */
export async function samlLoginResponse(server: ServerContext, response: SamlLoginResponse): Promise<string> {
  const { client } = response;
  let xml = responseXml(response, Date.now());
  const signAssertion = clientAttribute(client, "saml.assertion.signature") === "true";
  const signDocument = clientAttribute(client, "saml.server.signature") === "true";
  if (signAssertion || signDocument) {
    const key = await realmSigningKey(server, response.realm, "RS256");
    const algorithm = samlSignatureAlgorithm({
      signatureAlgorithm: clientAttribute(client, "saml.signature.algorithm") ?? "",
    });
    const options = {
      privateKey: key.privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
      publicCert: key.certificate
        ? `-----BEGIN CERTIFICATE-----\n${key.certificate}\n-----END CERTIFICATE-----\n`
        : undefined,
      signatureAlgorithm: algorithm,
      digestAlgorithm: algorithm,
    };
    if (signAssertion) xml = signSamlPost(xml, ASSERTION_XPATH, options);
    if (signDocument) xml = signSamlPost(xml, RESPONSE_XPATH, options);
  }
  return Buffer.from(xml, "utf8").toString("base64");
}

/** The end of a SAML client's login: its signed Response auto-posted to the assertion consumer URL. */
export async function completeSamlLogin(
  server: ServerContext,
  reply: FastifyReply,
  login: Pick<SamlLoginResponse, "realm" | "client" | "user" | "session">,
  request: AuthRequest,
  ipAddress: string,
) {
  const { realm, client, user, session } = login;
  const realmUrl = realmEntityUrl(server, reply.request, realm);
  const SAMLResponse = await samlLoginResponse(server, { ...login, realmUrl, destination: request.redirectUri });
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
  return sendAuthResponse(reply, request.redirectUri, "form_post", {
    SAMLResponse,
    RelayState: request.samlRelayState,
  });
}
