import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type ProtocolMapperRepresentation from "@keycloak/keycloak-admin-client/lib/defs/protocolMapperRepresentation.js";

/** Who holds the protocol mappers: a client scope, or a client (its dedicated scope). */
export interface MapperOwner {
  kind: "clientScope" | "client";
  /** The client scope's id or the client's internal id. */
  id: string;
}

/** Builds the console addresses of an owner's mappers: `add` takes a mapper type, `edit` a mapper id. */
export interface MapperLinks {
  toMapper(mapperId: string, viewMode: "add" | "edit"): string;
  /** The owner's mappers tab. */
  toList(): string;
}

export const protocolMapperKeys = {
  owner: (realm: string, owner: MapperOwner) => ["protocol-mappers", realm, owner.kind, owner.id] as const,
  one: (realm: string, owner: MapperOwner, mapperId: string) =>
    ["protocol-mappers", realm, owner.kind, owner.id, "mapper", mapperId] as const,
};

export async function listMappers(
  client: KeycloakAdminClient,
  realm: string,
  owner: MapperOwner,
): Promise<ProtocolMapperRepresentation[]> {
  const query = { realm, id: owner.id };
  return owner.kind === "client"
    ? client.clients.listProtocolMappers(query)
    : client.clientScopes.listProtocolMappers(query);
}

export async function findMapper(
  client: KeycloakAdminClient,
  realm: string,
  owner: MapperOwner,
  mapperId: string,
): Promise<ProtocolMapperRepresentation | undefined> {
  const query = { realm, id: owner.id, mapperId };
  return owner.kind === "client"
    ? client.clients.findProtocolMapperById(query)
    : client.clientScopes.findProtocolMapper(query);
}

export async function addMapper(
  client: KeycloakAdminClient,
  realm: string,
  owner: MapperOwner,
  mapper: ProtocolMapperRepresentation,
): Promise<void> {
  const query = { realm, id: owner.id };
  if (owner.kind === "client") await client.clients.addProtocolMapper(query, mapper);
  else await client.clientScopes.addProtocolMapper(query, mapper);
}

export async function addMappers(
  client: KeycloakAdminClient,
  realm: string,
  owner: MapperOwner,
  mappers: ProtocolMapperRepresentation[],
): Promise<void> {
  const query = { realm, id: owner.id };
  if (owner.kind === "client") await client.clients.addMultipleProtocolMappers(query, mappers);
  else await client.clientScopes.addMultipleProtocolMappers(query, mappers);
}

export async function updateMapper(
  client: KeycloakAdminClient,
  realm: string,
  owner: MapperOwner,
  mapper: ProtocolMapperRepresentation & { id: string },
): Promise<void> {
  const query = { realm, id: owner.id, mapperId: mapper.id };
  if (owner.kind === "client") await client.clients.updateProtocolMapper(query, mapper);
  else await client.clientScopes.updateProtocolMapper(query, mapper);
}

export async function deleteMapper(
  client: KeycloakAdminClient,
  realm: string,
  owner: MapperOwner,
  mapperId: string,
): Promise<void> {
  const query = { realm, id: owner.id, mapperId };
  if (owner.kind === "client") await client.clients.delProtocolMapper(query);
  else await client.clientScopes.delProtocolMapper(query);
}
