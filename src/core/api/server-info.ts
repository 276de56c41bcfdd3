import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type { ServerInfoRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/serverInfoRepesentation.js";
import { isForbidden } from "./api-error.ts";

export type ServerInfo = ServerInfoRepresentation;

export const serverInfoKey = ["server-info"] as const;

/** GET /admin/serverinfo; a 403 gives empty info, other failures propagate. */
export async function fetchServerInfo(client: KeycloakAdminClient): Promise<ServerInfo> {
  try {
    return await client.serverInfo.find();
  } catch (error) {
    if (isForbidden(error)) return {};
    throw error;
  }
}

export function isFeatureEnabled(info: ServerInfo | undefined, feature: string): boolean {
  return info?.features?.some((entry) => entry.name === feature && entry.enabled) ?? false;
}

/** Keycloak's provider type of admin-console pages (the declarative UI SPI). */
export const UI_PAGE_PROVIDER = "org.keycloak.services.ui.extend.UiPageProvider";

/** The page providers the console lists under Configure: only with the DECLARATIVE_UI feature on. */
export function uiPageProviders(info: ServerInfo | undefined) {
  return isFeatureEnabled(info, "DECLARATIVE_UI") ? (info?.componentTypes?.[UI_PAGE_PROVIDER] ?? []) : [];
}

/** Keycloak's provider type of admin-console tabs (the declarative UI SPI): metadata `path` and `params`. */
export const UI_TAB_PROVIDER = "org.keycloak.services.ui.extend.UiTabProvider";

/** The tab providers the console adds to matching screens: only with the DECLARATIVE_UI feature on. */
export function uiTabProviders(info: ServerInfo | undefined) {
  return isFeatureEnabled(info, "DECLARATIVE_UI") ? (info?.componentTypes?.[UI_TAB_PROVIDER] ?? []) : [];
}
