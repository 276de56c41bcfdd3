import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type ClientScopeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientScopeRepresentation.js";
import { compareScopes, type ScopeType, type TypedClientScope } from "./client-scope-model.ts";

/** The admin client types the realm lists' argument as `void & { realm? }`. */
const inRealm = (realm: string) => ({ realm }) as unknown as void & { realm: string };

export const clientScopeKeys = {
  all: (realm: string) => ["client-scopes", realm] as const,
  list: (realm: string) => ["client-scopes", realm, "list"] as const,
  one: (realm: string, id: string) => ["client-scopes", realm, "scope", id] as const,
};

export interface ScopeFilter {
  name: string;
  /** A protocol, or "" for all. */
  protocol: string;
}

/** Every scope of the realm with its assigned type (Keycloak lists client scopes unpaged). */
export async function fetchTypedScopes(client: KeycloakAdminClient, realm: string): Promise<TypedClientScope[]> {
  const [scopes, defaults, optionals] = await Promise.all([
    client.clientScopes.find({ realm }),
    client.clientScopes.listDefaultClientScopes(inRealm(realm)),
    client.clientScopes.listDefaultOptionalClientScopes(inRealm(realm)),
  ]);
  const defaultIds = new Set(defaults.map((scope) => scope.id));
  const optionalIds = new Set(optionals.map((scope) => scope.id));
  return scopes
    .map((scope) => ({
      ...scope,
      type: defaultIds.has(scope.id) ? "default" : optionalIds.has(scope.id) ? "optional" : ("none" as ScopeType),
    }))
    .sort(compareScopes);
}

/** One page of the fetched list: the server has no paging or search for client scopes, so both happen here. */
export function pageOfScopes(
  scopes: TypedClientScope[],
  filter: ScopeFilter,
  first: number,
  max: number,
): { rows: TypedClientScope[]; total: number } {
  const needle = filter.name.trim().toLowerCase();
  const matching = scopes.filter(
    (scope) =>
      (!needle || (scope.name ?? "").toLowerCase().includes(needle)) &&
      (!filter.protocol || scope.protocol === filter.protocol),
  );
  return { rows: matching.slice(first, first + max), total: matching.length };
}

export async function fetchScopeType(client: KeycloakAdminClient, realm: string, id: string): Promise<ScopeType> {
  const [defaults, optionals] = await Promise.all([
    client.clientScopes.listDefaultClientScopes(inRealm(realm)),
    client.clientScopes.listDefaultOptionalClientScopes(inRealm(realm)),
  ]);
  if (defaults.some((scope) => scope.id === id)) return "default";
  if (optionals.some((scope) => scope.id === id)) return "optional";
  return "none";
}

/** Moves a scope between the realm's default and optional lists (out of both for "none"). */
export async function changeScopeType(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  from: ScopeType,
  to: ScopeType,
): Promise<void> {
  if (from === to) return;
  if (from === "default") await client.clientScopes.delDefaultClientScope({ realm, id });
  if (from === "optional") await client.clientScopes.delDefaultOptionalClientScope({ realm, id });
  if (to === "default") await client.clientScopes.addDefaultClientScope({ realm, id });
  if (to === "optional") await client.clientScopes.addDefaultOptionalClientScope({ realm, id });
}

export async function fetchClientScope(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
): Promise<ClientScopeRepresentation | undefined> {
  return client.clientScopes.findOne({ realm, id });
}

export async function createClientScope(
  client: KeycloakAdminClient,
  realm: string,
  scope: ClientScopeRepresentation,
): Promise<string> {
  const { id } = await client.clientScopes.create({ realm, ...scope });
  return id;
}

export async function updateClientScope(
  client: KeycloakAdminClient,
  realm: string,
  id: string,
  scope: ClientScopeRepresentation,
): Promise<void> {
  await client.clientScopes.update({ realm, id }, scope);
}

export async function deleteClientScope(client: KeycloakAdminClient, realm: string, id: string): Promise<void> {
  await client.clientScopes.del({ realm, id });
}
