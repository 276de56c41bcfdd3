import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import type ClientScopeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientScopeRepresentation.js";

export type AssignedType = "default" | "optional";

export interface AssignedScope {
  id: string;
  name: string;
  description?: string;
  type: AssignedType;
}

export const clientScopeLinkKeys = {
  assigned: (realm: string, id: string) => ["clients", realm, "client", id, "client-scopes"] as const,
};

/** The client's default and optional scopes, by name, and the realm's scopes of its protocol it lacks. */
export async function fetchClientScopeLinks(
  client: KeycloakAdminClient,
  realm: string,
  owner: ClientRepresentation,
): Promise<{ assigned: AssignedScope[]; available: ClientScopeRepresentation[] }> {
  const id = owner.id!;
  const [defaults, optionals, all] = await Promise.all([
    client.clients.listDefaultClientScopes({ realm, id }),
    client.clients.listOptionalClientScopes({ realm, id }),
    client.clientScopes.find({ realm }),
  ]);
  const described = new Map(all.map((scope) => [scope.id, scope.description]));
  const typed = (scopes: ClientScopeRepresentation[], type: AssignedType): AssignedScope[] =>
    scopes.map((scope) => ({ id: scope.id!, name: scope.name ?? "", description: described.get(scope.id), type }));
  const assigned = [...typed(defaults, "default"), ...typed(optionals, "optional")].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const taken = new Set<string | undefined>(assigned.map((scope) => scope.id));
  const protocol = owner.protocol ?? "openid-connect";
  const available = all
    .filter((scope) => !taken.has(scope.id) && (scope.protocol ?? "openid-connect") === protocol)
    .sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
  return { assigned, available };
}

export async function addClientScopeLink(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  clientScopeId: string,
  type: AssignedType,
): Promise<void> {
  const query = { realm, id, clientScopeId };
  if (type === "default") await client.clients.addDefaultClientScope(query);
  else await client.clients.addOptionalClientScope(query);
}

export async function removeClientScopeLink(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  clientScopeId: string,
  type: AssignedType,
): Promise<void> {
  const query = { realm, id, clientScopeId };
  if (type === "default") await client.clients.delDefaultClientScope(query);
  else await client.clients.delOptionalClientScope(query);
}

/** Keycloak keeps a scope in one list per client: moving it is a removal then an addition. */
export async function changeClientScopeType(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  scope: AssignedScope,
  to: AssignedType,
): Promise<void> {
  if (scope.type === to) return;
  await removeClientScopeLink(client, realm, id, scope.id, scope.type);
  await addClientScopeLink(client, realm, id, scope.id, to);
}
