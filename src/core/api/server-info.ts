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
