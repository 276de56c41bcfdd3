import { registerMessages } from "../../core/i18n/message-bundles.ts";

/** The client scopes area's texts: Keycloak's keys where its console has the text, our own for the rest. */
export const clientScopesMessages = {
  clientScopes: "Client scopes",
  clientScopeExplain:
    "Client scopes are a common set of protocol mappers and roles that are shared between multiple clients.",
  clientScopeDetails: "Client scope details",
  createClientScope: "Create client scope",
  searchForClientScope: "Search for client scope",
  assignedType: "Assigned type",
  protocol: "Protocol",
  displayOrder: "Display order",
  type: "Type",
  typeHelp: "Client scopes, which will be added as default scopes to each created client.",
  protocolHelp: "SSO protocol configuration supplied by this client scope",
  none: "None",
  allTypes: "All types",
  /** Keycloak's key for "Default" outside its dotted `clientScopeTypes.default` (same text in every language). */
  defaultLanguage: "Default",
  scopeTypeOptional: "Optional",
  protocolOpenIdConnect: "OpenID Connect",
  protocolSaml: "SAML",
  protocolAll: "All protocols",
  scopeTypeOf: "Assigned type of {{name}}",
  protocolFilter: "Filter by protocol",
  displayOnConsentScreen: "Display on consent screen",
  displayOnConsentScreenHelp:
    "If on, and this client scope is added to some client with consent required, the text specified by 'Consent Screen Text' will be displayed on consent screen. If off, this client scope will not be displayed on the consent screen.",
  consentScreenText: "Consent screen text",
  consentScreenTextHelp:
    "Text that will be shown on the consent screen when this client scope is added to some client with consent required. The placeholder 0 can be used to reference the parameter if the scope is dynamic (between curly brackets). Defaults to name of client scope if it is not filled.",
  includeInTokenScope: "Include in token scope",
  includeInTokenScopeHelp:
    "If on, the name of this client scope will be added to the access token property 'scope' as well as to the Token Introspection Endpoint response. If off, this client scope will be omitted from the token and from the Token Introspection Endpoint response.",
  guiOrder: "Display Order",
  guiOrderHelp: "Specify order of the provider in GUI (such as in Consent page) as integer.",
  scopeNameHelp:
    "Name of the client scope. Must be unique in the realm. Name should not contain space characters as it is used as value of scope parameter.",
  scopeDescriptionHelp: "Description of the client scope",
  emptyAddClientScopes: "No client scopes",
  noClientScopesInstructions: "There are no client scopes in this realm yet.",
  deleteClientScope_one: "Delete client scope {{name}}",
  deleteClientScope_other: "Delete {{count}} client scopes",
  deleteConfirmClientScopes: "Are you sure you want to delete this client scope?",
  deletedSuccessClientScope: "The client scope has been deleted",
  deletedErrorClientScope: "Could not delete client scope: {{error}}",
  createClientScopeSuccess: "Client scope created",
  createClientScopeError: "Could not create client scope: '{{error}}'",
  updateSuccessClientScope: "Client scope updated",
  updateErrorClientScope: "Could not update client scope: '{{error}}'",
  clientScopeTypeChanged: "The assigned type of {{name}} is now {{type}}",
  clientScopeTypeError: "Could not change the assigned type: {{error}}",
  clientScopeCreatedTypeError: "The client scope was created, but its type could not be set: {{error}}",
  clientScopeNotFound: "This client scope does not exist.",
  clientScopeLoadFailed: "The client scope could not be loaded: {{message}}",
  clientScopeTabs: "Client scope sections",
  action: "Action",
  settings: "Settings",
  mappers: "Mappers",
  scope: "Scope",
};

registerMessages("client-scopes", clientScopesMessages);

export type ClientScopesMessageKey = keyof typeof clientScopesMessages;
