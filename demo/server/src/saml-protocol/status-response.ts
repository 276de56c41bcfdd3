import { randomUUID } from "node:crypto";
import { DOMImplementation, XMLSerializer } from "@xmldom/xmldom";
import { dropAuthRequest } from "../oidc/auth-requests.ts";
import type { LoginContext } from "../oidc/login/login-context.ts";
import { realmEntityUrl, SAML_ASSERTION, SAML_PROTOCOL } from "../broker/saml-broker.ts";
import { deliverSamlResponse } from "./login-response.ts";

const STATUS = "urn:oasis:names:tc:SAML:2.0:status:";

/** The SAML status a login error of the browser flow ends with (Keycloak's SamlProtocol.sendError). */
const STATUS_OF: Record<string, string> = {
  login_required: "NoPassive",
  interaction_required: "NoPassive",
};

/** A Response without an assertion whose status says why the login ended, for the request's InResponseTo. */
function statusXml(ctx: LoginContext, status: string): string {
  const doc = new DOMImplementation().createDocument(SAML_PROTOCOL, "samlp:Response", null);
  const root = doc.documentElement!;
  root.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:saml", SAML_ASSERTION);
  root.setAttribute("ID", `ID_${randomUUID()}`);
  root.setAttribute("Version", "2.0");
  root.setAttribute("IssueInstant", new Date().toISOString());
  root.setAttribute("Destination", ctx.request.redirectUri);
  if (ctx.request.saml?.requestId) root.setAttribute("InResponseTo", ctx.request.saml.requestId);
  const issuer = doc.createElementNS(SAML_ASSERTION, "saml:Issuer");
  issuer.appendChild(doc.createTextNode(realmEntityUrl(ctx.server, ctx.req, ctx.realm)));
  root.appendChild(issuer);
  const statusElement = doc.createElementNS(SAML_PROTOCOL, "samlp:Status");
  // Keycloak's error Responses: the top-level code Responder, the reason as its second-level code
  const code = doc.createElementNS(SAML_PROTOCOL, "samlp:StatusCode");
  code.setAttribute("Value", `${STATUS}Responder`);
  const reason = doc.createElementNS(SAML_PROTOCOL, "samlp:StatusCode");
  reason.setAttribute("Value", `${STATUS}${status}`);
  code.appendChild(reason);
  statusElement.appendChild(code);
  root.appendChild(statusElement);
  return new XMLSerializer().serializeToString(doc);
}

/** Ends a SAML client's login with an error Response to its assertion consumer (the OIDC error redirect's twin). */
export function sendSamlStatus(ctx: LoginContext, error: string) {
  dropAuthRequest(ctx.request.tabId);
  const xml = statusXml(ctx, STATUS_OF[error] ?? "RequestDenied");
  const target = {
    realm: ctx.realm,
    client: ctx.client,
    destination: ctx.request.redirectUri,
    relayState: ctx.request.samlRelayState,
  };
  return deliverSamlResponse(ctx.server, ctx.reply, target, xml, ctx.request.saml?.binding ?? "post");
}
