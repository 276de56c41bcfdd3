import { registerMessages } from "../../core/i18n/message-bundles.ts";

/** Keycloak's keys and texts where its console has the same text; `clients…` keys of our own for the rest. */
export const clientsMessages = {
  clientsList: "Clients list",
  clientsExplain: "Clients are applications and services that can request authentication of a user.",
  createClient: "Create client",
  importClient: "Import client",
  clientId: "Client ID",
  clientName: "Name",
  clientType: "Client type",
  homeURL: "Home URL",
  type: "Type",
  export: "Export",
  searchForClient: "Search for client",
  clientDelete: "Delete {{clientId}} ?",
  clientDeleteConfirmTitle: "Delete client?",
  clientDeleteConfirm: "If you delete this client, all associated data will be removed.",
  clientDeletedSuccess: "The client has been deleted",
  clientDeleteError: "Could not delete client: {{error}}",
  generalSettings: "General settings",
  capabilityConfig: "Capability config",
  loginSettings: "Login settings",
  accessSettings: "Access settings",
  clientSettings: "Client details",
  settings: "Settings",
  next: "Next",
  back: "Back",
  choose: "Choose...",
  clientAuthentication: "Client authentication",
  clientAuthorization: "Authorization",
  authenticationFlow: "Authentication flow",
  standardFlow: "Standard flow",
  directAccess: "Direct access grants",
  implicitFlow: "Implicit flow",
  serviceAccount: "Service account roles",
  oauthDeviceAuthorizationGrant: "OAuth 2.0 Device Authorization Grant",
  oidcCibaGrant: "OIDC CIBA Grant",
  pkceMethod: "PKCE Method",
  alwaysDisplayInUI: "Always display in UI",
  rootUrl: "Root URL",
  validRedirectUri: "Valid redirect URIs",
  validPostLogoutRedirectUri: "Valid post logout redirect URIs",
  webOrigins: "Web origins",
  adminURL: "Admin URL",
  idpInitiatedSsoUrlName: "IDP-Initiated SSO URL name",
  masterSamlProcessingUrl: "Master SAML Processing URL",
  createClientSuccess: "Client created successfully",
  createClientError: "Could not create client: '{{error}}'",
  clientSaveSuccess: "Client successfully updated",
  clientSaveError: "Client could not be updated: {{error}}",
  disableConfirmClientTitle: "Disable client?",
  disableConfirmClient: "Are you sure you want to disable this client?",
  clientIdHelp: "The client identifier registered with the identity provider.",
  clientNameHelp:
    "Specifies display name of the client. For example 'My Client'. Supports keys for localized values as well. For example: ${my_client}.",
  clientDescriptionHelp:
    "Specifies description of the client. For example 'My Client for TimeSheets'. Supports keys for localized values as well. For example: ${my_client_description}.",
  clientTypeHelp:
    "'OpenID Connect' allows Clients to verify the identity of the End-User based on the authentication performed by an Authorization Server.'SAML' enables web-based authentication and authorization scenarios including cross-domain single sign-on (SSO) and uses security tokens containing assertions to pass information.",
  alwaysDisplayInUIHelp: "Always list this client in the Account UI, even if the user does not have an active session.",
  clientAuthenticationHelp:
    "The client authentication method (cfr. https://openid.net/specs/openid-connect-core-1_0.html#ClientAuthentication). In case of JWT signed with private key, the realm private key is used.",
  authorizationHelp: "Enable/Disable fine-grained authorization support for a client.",
  standardFlowHelp:
    "This enables standard OpenID Connect redirect based authentication with authorization code. In terms of OpenID Connect or OAuth2 specifications, this enables support of 'Authorization Code Flow' for this client.",
  directAccessHelp:
    "This enables support for Direct Access Grants, which means that client has access to username/password of user and exchange it directly with Keycloak server for access token. In terms of OAuth2 specification, this enables support of 'Resource Owner Password Credentials Grant' for this client.",
  implicitFlowHelp:
    "This enables support for OpenID Connect redirect based authentication without authorization code. In terms of OpenID Connect or OAuth2 specifications, this enables support of 'Implicit Flow' for this client.",
  serviceAccountHelp:
    "Allows you to authenticate this client to Keycloak and retrieve access token dedicated to this client. In terms of OAuth2 specification, this enables support of 'Client Credentials Grant' for this client.",
  oauthDeviceAuthorizationGrantHelp:
    "This enables support for OAuth 2.0 Device Authorization Grant, which means that client is an application on device that has limited input capabilities or lack a suitable browser.",
  oidcCibaGrantHelp:
    "This enables support for OIDC CIBA Grant, which means that the user is authenticated via some external authentication device instead of the user's browser.",
  pkceMethodHelp: "PKCE Method to use",
  pkceRequired: "Require PKCE",
  clientPkceRequiredHelp:
    "Require Proof Key for Code Exchange (PKCE) to protect against authorization code interception attacks. Public clients (client authentication disabled) should always require PKCE as they cannot securely store client secrets. It is also recommended for confidential clients as an additional layer of security. If not required, Keycloak only uses PKCE when the client includes a code challenge and method in its authorization request.",
  keyForCodeExchange: "PKCE Method",
  keyForCodeExchangeHelp:
    "Choose the PKCE challenge method. S256 (recommended) uses SHA-256 hashing for enhanced security. Plain sends the code verifier without hashing and should only be used if the client cannot support SHA-256.",
  oAuthDPoP: "Require DPoP bound tokens",
  oAuthDPoPHelp:
    "This enables support for Demonstrating Proof-of-Possession (DPoP) bound tokens. For public clients, both access and refresh tokens are bound to the key stored on the client. In order to prove the possession of the key, the client must send a signed proof alongside the token. For confidential clients, only access tokens are DPoP bound because, following the specification, refresh tokens are already sender-constrained by the associated authentication requirement.",
  rootURLHelp: "Root URL appended to relative URLs",
  homeURLHelp: "Default URL to use when the auth server needs to redirect or link back to the client.",
  validRedirectURIsHelp:
    "Valid URI pattern a browser can redirect to after a successful login. Simple wildcards are allowed such as 'http://example.com/*'. Relative path can be specified too such as /my/relative/path/*. Relative paths are relative to the client root URL, or if none is specified the auth server root URL is used. For SAML, you must set valid URI patterns if you are relying on the consumer service URL embedded with the login request.",
  validPostLogoutRedirectURIsHelp:
    "Valid URI pattern a browser can redirect to after a successful logout. A value of '+' or an empty field uses the list of valid redirect URIs. A value of '-' does not allow any post logout redirect URIs. Simple wildcards are allowed such as 'http://example.com/*'. A relative path can be specified too, such as /my/relative/path/*. Relative paths are relative to the client root URL; if none is specified, the auth server root URL is used.",
  webOriginsHelp:
    "Allowed CORS origins. To permit all origins of Valid Redirect URIs, add '+'. This does not include the '*' wildcard though. To permit all origins, explicitly add '*'.",
  adminURLHelp:
    "URL to the admin interface of the client. Set this if the client supports the adapter REST API. This REST API allows the auth server to push revocation policies and other administrative tasks. Usually this is set to the base URL of the client.",
  idpInitiatedSsoUrlNameHelp:
    "URL fragment name to reference client when you want to do IDP Initiated SSO. Leaving this empty will disable IDP Initiated SSO. The URL you will reference from your browser will be: {server-root}/realms/{realm}/protocol/saml/clients/{client-url-name}.",
  masterSamlProcessingUrlHelp:
    "If configured, this URL will be used for every binding to both the SP's Assertion Consumer and Single Logout Services. This can be individually overridden for each binding and service in the Fine Grain SAML Endpoint Configuration.",
  clientsProtocolOidc: "OpenID Connect",
  clientsProtocolSaml: "SAML",
  clientsEmptyTitle: "No clients",
  clientsEmptyInstructions: "There are no clients in this realm. Create or import a client to get started.",
  clientsListTabs: "Clients sections",
  clientsDetailTabs: "Client sections",
  clientsNotFound: "This client does not exist.",
  clientsLoadFailed: "The client could not be loaded: {{message}}",
  clientsWizardSteps: "Create client steps",
  clientsActions: "Client actions",
};

registerMessages("clients", clientsMessages);

export type ClientsMessageKey = keyof typeof clientsMessages;
