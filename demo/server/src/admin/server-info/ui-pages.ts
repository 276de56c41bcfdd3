import type { ComponentType, ServerInfoCatalog } from "./catalog.ts";

export const UI_PAGE_PROVIDER = "org.keycloak.services.ui.extend.UiPageProvider";
export const UI_TAB_PROVIDER = "org.keycloak.services.ui.extend.UiTabProvider";

/**
 * The embedded server's one admin-console page provider (Keycloak's declarative UI SPI), reported only with the
 * DECLARATIVE_UI feature on: its components are realm notices, kept through the components API.
 */
const NOTICES_PAGE: ComponentType = {
  id: "realm-notices",
  helpText: "Notices shown to the administrators of this realm.",
  properties: [
    { name: "message", label: "Message", helpText: "The text of the notice.", type: "String", secret: false },
    {
      name: "severity",
      label: "Severity",
      helpText: "How urgent the notice is.",
      type: "List",
      defaultValue: "info",
      options: ["info", "warning", "danger"],
      secret: false,
    },
    {
      name: "pinned",
      label: "Pinned",
      helpText: "Whether the notice stays on top.",
      type: "boolean",
      defaultValue: "false",
      secret: false,
    },
    {
      name: "days",
      label: "Days shown",
      helpText: "For how many days the notice is shown.",
      type: "Integer",
      defaultValue: "7",
      secret: false,
    },
  ],
  metadata: {},
};

/**
 * The embedded server's admin-console tab providers: each is a tab on the screens whose address matches its `path`
 * (upstream's route syntax), at the address its `params` fill in, as Keycloak's `UiTabProviderFactory` reports them.
 */
const SUPPORT_CONTACTS_TAB: ComponentType = {
  id: "support-contacts",
  helpText: "Who the realm's users contact for help.",
  properties: [
    { name: "email", label: "Support email", helpText: "Where users write for help.", type: "String", secret: false },
    { name: "hours", label: "Support hours", helpText: "When someone answers.", type: "String", secret: false },
    {
      name: "onCall",
      label: "On call at night",
      helpText: "Whether someone answers outside the support hours.",
      type: "boolean",
      defaultValue: "false",
      secret: false,
    },
  ],
  metadata: { path: "/:realm/realm-settings/:tab?", params: { tab: "support-contacts" } },
};

const CLIENT_OWNER_TAB: ComponentType = {
  id: "client-owner",
  helpText: "The team that answers for this client.",
  properties: [
    {
      name: "team",
      label: "Owning team",
      helpText: "The team that runs the application.",
      type: "String",
      secret: false,
    },
    {
      name: "contact",
      label: "Contact",
      helpText: "Whom to ask about the application.",
      type: "String",
      secret: false,
    },
  ],
  metadata: { path: "/:realm/clients/:id/:tab?", params: { tab: "owner" } },
};

/**
 * The providers' own admin-theme messages (English), as an extension ships them in its theme: the console names a
 * page by the message whose key is the provider's id.
 */
export const UI_PAGE_MESSAGES: ReadonlyMap<string, string> = new Map([
  [NOTICES_PAGE.id, "Realm notices"],
  [SUPPORT_CONTACTS_TAB.id, "Support contacts"],
  [CLIENT_OWNER_TAB.id, "Owner"],
]);

/** The embedded server's page or tab providers of that type (whether the feature is on or not). */
export function uiProviderTypes(providerType: string): ComponentType[] {
  if (providerType === UI_PAGE_PROVIDER) return [NOTICES_PAGE];
  return providerType === UI_TAB_PROVIDER ? [SUPPORT_CONTACTS_TAB, CLIENT_OWNER_TAB] : [];
}

const withPages = new WeakMap<ServerInfoCatalog, ServerInfoCatalog>();

/** The catalog as a server with the declarative UI on reports it: one object per catalog, so its hash is taken once. */
export function catalogWithUiPages(catalog: ServerInfoCatalog): ServerInfoCatalog {
  let extended = withPages.get(catalog);
  if (!extended) {
    extended = {
      ...catalog,
      componentTypes: {
        ...catalog.componentTypes,
        [UI_PAGE_PROVIDER]: uiProviderTypes(UI_PAGE_PROVIDER),
        [UI_TAB_PROVIDER]: uiProviderTypes(UI_TAB_PROVIDER),
      },
    };
    withPages.set(catalog, extended);
  }
  return extended;
}
