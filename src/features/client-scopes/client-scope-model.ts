import type ClientScopeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientScopeRepresentation.js";

/** Where a scope sits in the realm: default-default, default-optional, or neither. */
export type ScopeType = "default" | "optional" | "none";
export const SCOPE_TYPES: readonly ScopeType[] = ["none", "default", "optional"];

export const PROTOCOLS = ["openid-connect", "saml"] as const;

/** Keycloak's client scope attributes the forms edit. */
export const ATTRIBUTE = {
  guiOrder: "gui.order",
  displayOnConsent: "display.on.consent.screen",
  consentText: "consent.screen.text",
  includeInTokenScope: "include.in.token.scope",
} as const;

/** A client scope with where it sits, for the list. */
export type TypedClientScope = ClientScopeRepresentation & { type: ScopeType };

export interface ClientScopeFormValues {
  name: string;
  description: string;
  type: ScopeType;
  protocol: string;
  displayOnConsentScreen: boolean;
  consentScreenText: string;
  includeInTokenScope: boolean;
  guiOrder: string;
}

export const NEW_SCOPE_VALUES: ClientScopeFormValues = {
  name: "",
  description: "",
  type: "none",
  protocol: "openid-connect",
  displayOnConsentScreen: true,
  consentScreenText: "",
  includeInTokenScope: true,
  guiOrder: "",
};

export function toFormValues(scope: ClientScopeRepresentation, type: ScopeType): ClientScopeFormValues {
  const attributes = scope.attributes ?? {};
  return {
    name: scope.name ?? "",
    description: scope.description ?? "",
    type,
    protocol: scope.protocol ?? "openid-connect",
    displayOnConsentScreen: attributes[ATTRIBUTE.displayOnConsent] !== "false",
    consentScreenText: attributes[ATTRIBUTE.consentText] ?? "",
    includeInTokenScope: attributes[ATTRIBUTE.includeInTokenScope] !== "false",
    guiOrder: attributes[ATTRIBUTE.guiOrder] ?? "",
  };
}

/** The representation to send; attributes the form does not edit are kept from `current`. */
export function toRepresentation(
  values: ClientScopeFormValues,
  current: ClientScopeRepresentation = {},
): ClientScopeRepresentation {
  return {
    ...current,
    name: values.name.trim(),
    description: values.description,
    protocol: values.protocol,
    attributes: {
      ...current.attributes,
      [ATTRIBUTE.displayOnConsent]: String(values.displayOnConsentScreen),
      [ATTRIBUTE.consentText]: values.displayOnConsentScreen ? values.consentScreenText : "",
      [ATTRIBUTE.includeInTokenScope]: String(values.includeInTokenScope),
      [ATTRIBUTE.guiOrder]: values.guiOrder.trim(),
    },
  };
}

/** The list's order: by name, as Keycloak's console sorts it. */
export const compareScopes = (a: ClientScopeRepresentation, b: ClientScopeRepresentation) =>
  (a.name ?? "").localeCompare(b.name ?? "");
