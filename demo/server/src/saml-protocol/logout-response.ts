import { randomUUID } from "node:crypto";
import { DOMImplementation, XMLSerializer } from "@xmldom/xmldom";
import { SAML_ASSERTION, SAML_PROTOCOL } from "../broker/saml-broker.ts";

const SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success";

/** The LogoutResponse Keycloak's SAML2LogoutResponseBuilder writes: to the logout service URL, answering the request. */
export function logoutResponseXml(response: { realmUrl: string; destination: string; inResponseTo: string }): string {
  const doc = new DOMImplementation().createDocument(SAML_PROTOCOL, "samlp:LogoutResponse", null);
  const root = doc.documentElement!;
  root.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:saml", SAML_ASSERTION);
  root.setAttribute("ID", `ID_${randomUUID()}`);
  root.setAttribute("Version", "2.0");
  root.setAttribute("IssueInstant", new Date().toISOString());
  root.setAttribute("Destination", response.destination);
  root.setAttribute("InResponseTo", response.inResponseTo);
  const issuer = doc.createElementNS(SAML_ASSERTION, "saml:Issuer");
  issuer.appendChild(doc.createTextNode(response.realmUrl));
  root.appendChild(issuer);
  const status = doc.createElementNS(SAML_PROTOCOL, "samlp:Status");
  const code = doc.createElementNS(SAML_PROTOCOL, "samlp:StatusCode");
  code.setAttribute("Value", SUCCESS);
  status.appendChild(code);
  root.appendChild(status);
  return new XMLSerializer().serializeToString(doc);
}
