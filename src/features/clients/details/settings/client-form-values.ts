import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { OIDC, type ClientProtocol } from "../../client-protocol.ts";

/** Attributes the forms edit (Keycloak keeps these as strings in `attributes`). */
export const CLIENT_ATTRIBUTES = {
  deviceGrant: "oauth2.device.authorization.grant.enabled",
  cibaGrant: "oidc.ciba.grant.enabled",
  pkceMethod: "pkce.code.challenge.method",
  dpopBoundAccessTokens: "dpop.bound.access.tokens",
  postLogoutRedirectUris: "post.logout.redirect.uris",
  idpInitiatedSsoUrlName: "saml_idp_initiated_sso_url_name",
  idpInitiatedSsoRelayState: "saml_idp_initiated_sso_relay_state",
} as const;

/** Keycloak keeps the post logout redirect URIs as one attribute joined with "##". */
const LIST_SEPARATOR = "##";

/** The fields of the create wizard and the settings tab, flat (attribute names hold dots). */
export interface ClientFormValues {
  protocol: ClientProtocol;
  clientId: string;
  name: string;
  description: string;
  alwaysDisplayInConsole: boolean;
  clientAuthentication: boolean;
  authorizationServicesEnabled: boolean;
  standardFlowEnabled: boolean;
  directAccessGrantsEnabled: boolean;
  implicitFlowEnabled: boolean;
  serviceAccountsEnabled: boolean;
  deviceGrant: boolean;
  cibaGrant: boolean;
  pkceMethod: string;
  /** "Require DPoP bound tokens" (with the DPOP feature on). */
  dpopBoundAccessTokens: boolean;
  rootUrl: string;
  baseUrl: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  webOrigins: string[];
  adminUrl: string;
  idpInitiatedSsoUrlName: string;
  idpInitiatedSsoRelayState: string;
}

/** A new OIDC client's defaults, as Keycloak's wizard starts. */
export const NEW_CLIENT_VALUES: ClientFormValues = {
  protocol: OIDC,
  clientId: "",
  name: "",
  description: "",
  alwaysDisplayInConsole: false,
  clientAuthentication: false,
  authorizationServicesEnabled: false,
  standardFlowEnabled: true,
  directAccessGrantsEnabled: false,
  implicitFlowEnabled: false,
  serviceAccountsEnabled: false,
  deviceGrant: false,
  cibaGrant: false,
  pkceMethod: "",
  dpopBoundAccessTokens: false,
  rootUrl: "",
  baseUrl: "",
  redirectUris: [],
  postLogoutRedirectUris: [],
  webOrigins: [],
  adminUrl: "",
  idpInitiatedSsoUrlName: "",
  idpInitiatedSsoRelayState: "",
};

const attribute = (client: ClientRepresentation, key: string) => {
  const value: unknown = client.attributes?.[key];
  return typeof value === "string" ? value : "";
};

export function toClientFormValues(client: ClientRepresentation): ClientFormValues {
  const postLogout = attribute(client, CLIENT_ATTRIBUTES.postLogoutRedirectUris);
  return {
    protocol: client.protocol === "saml" ? "saml" : OIDC,
    clientId: client.clientId ?? "",
    name: client.name ?? "",
    description: client.description ?? "",
    alwaysDisplayInConsole: client.alwaysDisplayInConsole === true,
    clientAuthentication: client.publicClient === false,
    authorizationServicesEnabled: client.authorizationServicesEnabled === true,
    standardFlowEnabled: client.standardFlowEnabled !== false,
    directAccessGrantsEnabled: client.directAccessGrantsEnabled === true,
    implicitFlowEnabled: client.implicitFlowEnabled === true,
    serviceAccountsEnabled: client.serviceAccountsEnabled === true,
    deviceGrant: attribute(client, CLIENT_ATTRIBUTES.deviceGrant) === "true",
    cibaGrant: attribute(client, CLIENT_ATTRIBUTES.cibaGrant) === "true",
    pkceMethod: attribute(client, CLIENT_ATTRIBUTES.pkceMethod),
    dpopBoundAccessTokens: attribute(client, CLIENT_ATTRIBUTES.dpopBoundAccessTokens) === "true",
    rootUrl: client.rootUrl ?? "",
    baseUrl: client.baseUrl ?? "",
    redirectUris: client.redirectUris ?? [],
    postLogoutRedirectUris: postLogout ? postLogout.split(LIST_SEPARATOR) : [],
    webOrigins: client.webOrigins ?? [],
    adminUrl: client.adminUrl ?? "",
    idpInitiatedSsoUrlName: attribute(client, CLIENT_ATTRIBUTES.idpInitiatedSsoUrlName),
    idpInitiatedSsoRelayState: attribute(client, CLIENT_ATTRIBUTES.idpInitiatedSsoRelayState),
  };
}

const entries = (values: string[]) => values.map((value) => value.trim()).filter((value) => value !== "");

/**
 * `client` with the form's values applied. Capabilities that need client authentication are
 * switched off for a public client, as Keycloak's wizard does; OIDC-only fields stay as they were for SAML.
 */
export function applyClientFormValues(client: ClientRepresentation, values: ClientFormValues): ClientRepresentation {
  const isOidc = values.protocol === OIDC;
  const confidential = values.clientAuthentication;
  const attributes: Record<string, unknown> = {
    ...client.attributes,
    [CLIENT_ATTRIBUTES.postLogoutRedirectUris]: entries(values.postLogoutRedirectUris).join(LIST_SEPARATOR),
  };
  if (isOidc) {
    attributes[CLIENT_ATTRIBUTES.deviceGrant] = String(values.deviceGrant);
    attributes[CLIENT_ATTRIBUTES.cibaGrant] = String(confidential && values.cibaGrant);
    attributes[CLIENT_ATTRIBUTES.pkceMethod] = values.pkceMethod;
    // written once switched on, so clients that never had it keep their attributes as they were
    if (values.dpopBoundAccessTokens || CLIENT_ATTRIBUTES.dpopBoundAccessTokens in attributes)
      attributes[CLIENT_ATTRIBUTES.dpopBoundAccessTokens] = String(values.dpopBoundAccessTokens);
  } else {
    attributes[CLIENT_ATTRIBUTES.idpInitiatedSsoUrlName] = values.idpInitiatedSsoUrlName.trim();
    attributes[CLIENT_ATTRIBUTES.idpInitiatedSsoRelayState] = values.idpInitiatedSsoRelayState.trim();
  }
  return {
    ...client,
    protocol: values.protocol,
    clientId: values.clientId.trim(),
    name: values.name,
    description: values.description,
    alwaysDisplayInConsole: values.alwaysDisplayInConsole,
    rootUrl: values.rootUrl.trim(),
    baseUrl: values.baseUrl.trim(),
    redirectUris: entries(values.redirectUris),
    adminUrl: values.adminUrl.trim(),
    attributes,
    ...(isOidc
      ? {
          publicClient: !confidential,
          authorizationServicesEnabled: confidential && values.authorizationServicesEnabled,
          standardFlowEnabled: values.standardFlowEnabled,
          directAccessGrantsEnabled: values.directAccessGrantsEnabled,
          implicitFlowEnabled: values.implicitFlowEnabled,
          serviceAccountsEnabled:
            confidential && (values.serviceAccountsEnabled || values.authorizationServicesEnabled),
          webOrigins: entries(values.webOrigins),
        }
      : {}),
  };
}

/** Where a server message about the client belongs on the form (Keycloak's validation texts name the field). */
export function clientErrorField(status: number | undefined, message: string): keyof ClientFormValues | undefined {
  if (status === 409) return "clientId";
  if (/post logout redirect URI/i.test(message)) return "postLogoutRedirectUris";
  if (/redirect URI/i.test(message)) return "redirectUris";
  if (/^Root URL/i.test(message)) return "rootUrl";
  if (/^Base URL/i.test(message)) return "baseUrl";
  if (/^Backchannel logout URL|^Admin URL/i.test(message)) return "adminUrl";
  if (/web origin/i.test(message)) return "webOrigins";
  return undefined;
}
