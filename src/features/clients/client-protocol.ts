import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";

export const OIDC = "openid-connect";
export const SAML = "saml";
export type ClientProtocol = typeof OIDC | typeof SAML;

/** The message key naming a client's protocol (Keycloak's default is OpenID Connect). */
export const protocolLabelKey = (client: ClientRepresentation) =>
  client.protocol === SAML ? "clientsProtocolSaml" : "clientsProtocolOidc";

/** Home URLs are shown as links only when they are absolute http(s) addresses. */
export const isWebUrl = (value: string | undefined): value is string => /^https?:\/\/\S+$/i.test(value ?? "");
