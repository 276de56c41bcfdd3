import type { ComponentType, ServerInfoCatalog } from "./catalog.ts";

export const UI_PAGE_PROVIDER = "org.keycloak.services.ui.extend.UiPageProvider";

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
 * The provider's own admin-theme messages (English), as an extension ships them in its theme: the console names a
 * page by the message whose key is the provider's id.
 */
export const UI_PAGE_MESSAGES: ReadonlyMap<string, string> = new Map([[NOTICES_PAGE.id!, "Realm notices"]]);

const withPages = new WeakMap<ServerInfoCatalog, ServerInfoCatalog>();

/** The catalog as a server with the declarative UI on reports it: one object per catalog, so its hash is taken once. */
export function catalogWithUiPages(catalog: ServerInfoCatalog): ServerInfoCatalog {
  let extended = withPages.get(catalog);
  if (!extended) {
    extended = {
      ...catalog,
      componentTypes: { ...catalog.componentTypes, [UI_PAGE_PROVIDER]: [NOTICES_PAGE] },
    };
    withPages.set(catalog, extended);
  }
  return extended;
}
