import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type ComponentRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentRepresentation.js";
import type SynchronizationResultRepresentation from "@keycloak/keycloak-admin-client/lib/defs/synchronizationResultRepresentation.js";
import { LDAP_MAPPER_TYPE, STORAGE_TYPE } from "./paths.ts";

export type Component = ComponentRepresentation;
export type SyncResult = SynchronizationResultRepresentation;

export const providersKey = (realm: string) => ["user-federation", realm] as const;
export const providerKey = (realm: string, id: string) => ["user-federation", realm, id] as const;
export const mappersKey = (realm: string, id: string) => ["user-federation", realm, id, "mappers"] as const;
export const mapperKey = (realm: string, id: string, mapperId: string) =>
  ["user-federation", realm, id, "mappers", mapperId] as const;
export const syncHistoryKey = (realm: string, id: string) => ["user-federation", realm, id, "history"] as const;

export const fetchProviders = (client: KeycloakAdminClient, realm: string) =>
  client.components.find({ realm, type: STORAGE_TYPE });

export async function fetchProvider(client: KeycloakAdminClient, realm: string, id: string) {
  const found = await client.components.findOne({ realm, id });
  if (!found) throw new Error("providerNotFound");
  return found;
}

export const fetchMappers = (client: KeycloakAdminClient, realm: string, parent: string) =>
  client.components.find({ realm, parent, type: LDAP_MAPPER_TYPE });

export async function createProvider(client: KeycloakAdminClient, realm: string, component: Component) {
  return (await client.components.create({ realm, ...component })).id;
}

export const updateProvider = (client: KeycloakAdminClient, realm: string, id: string, component: Component) =>
  client.components.update({ realm, id }, component);

export const deleteComponent = (client: KeycloakAdminClient, realm: string, id: string) =>
  client.components.del({ realm, id });

export type TestAction = "testConnection" | "testAuthentication";

export const testLdap = (
  client: KeycloakAdminClient,
  realm: string,
  action: TestAction,
  config: Record<string, string>,
  componentId?: string,
) =>
  client.realms.testLDAPConnection(
    { realm },
    {
      action,
      connectionUrl: config.connectionUrl,
      bindDn: config.bindDn,
      bindCredential: config.bindCredential,
      useTruststoreSpi: config.useTruststoreSpi,
      connectionTimeout: config.connectionTimeout,
      startTls: config.startTls,
      authType: config.authType,
      componentId,
    },
  );

export const syncUsers = (
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  action: "triggerFullSync" | "triggerChangedUsersSync",
) => client.userStorageProvider.sync({ realm, id, action });

export const syncMapper = (
  client: KeycloakAdminClient,
  realm: string,
  parentId: string,
  id: string,
  direction: "fedToKeycloak" | "keycloakToFed",
) => client.userStorageProvider.mappersSync({ realm, parentId, id, direction });

export interface SyncHistoryEntry {
  time: number;
  action: string;
  userId?: string;
  result: SyncResult;
}

/** ★ The provider's last syncs from the realm's admin events (ACTION on user-storage/{id}/sync), newest first. */
export async function fetchSyncHistory(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<SyncHistoryEntry[]> {
  const events = await client.realms.findAdminEvents({
    realm,
    operationTypes: "ACTION",
    resourcePath: `user-storage/${id}/sync`,
    max: 10,
  });
  return events.flatMap((event) => {
    try {
      const rep = JSON.parse(event.representation ?? "{}") as { action?: string; result?: SyncResult };
      return [
        {
          time: event.time ?? 0,
          action: rep.action ?? "",
          userId: event.authDetails?.userId,
          result: rep.result ?? {},
        },
      ];
    } catch {
      return [];
    }
  });
}
