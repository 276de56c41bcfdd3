import type { Db } from "../../store/db.ts";
import type {
  ClientRecord,
  ClientScopeRecord,
  ProtocolMapperRecord,
  RealmRecord,
  RoleRecord,
} from "../../store/types.ts";

export interface ClientAccess {
  view: boolean;
  configure: boolean;
  manage: boolean;
}

export function mapperRepresentation(mapper: ProtocolMapperRecord): Record<string, unknown> {
  return {
    id: mapper.id,
    name: mapper.name,
    protocol: mapper.protocol,
    protocolMapper: mapper.protocolMapper,
    consentRequired: mapper.consentRequired ?? false,
    config: { ...mapper.config },
  };
}

const scopeNames = (db: Db, ids: string[]): string[] =>
  ids.map((id) => db.get("clientScopes", id)?.name).filter((name): name is string => name !== undefined);

/** Keycloak's ClientRepresentation; `protocolMappers` only when the client has some, as Keycloak does. */
export function clientRepresentation(db: Db, client: ClientRecord, access?: ClientAccess): Record<string, unknown> {
  const rep: Record<string, unknown> = { id: client.id, clientId: client.clientId, ...client.rep };
  if (rep.attributes && typeof rep.attributes === "object") rep.attributes = { ...(rep.attributes as object) };
  if (client.protocolMappers.length) rep.protocolMappers = client.protocolMappers.map(mapperRepresentation);
  rep.defaultClientScopes = scopeNames(db, client.defaultClientScopeIds);
  rep.optionalClientScopes = scopeNames(db, client.optionalClientScopeIds);
  if (access) rep.access = { ...access };
  return rep;
}

export function clientScopeRepresentation(scope: ClientScopeRecord): Record<string, unknown> {
  const rep: Record<string, unknown> = { id: scope.id, name: scope.name };
  if (scope.description !== undefined) rep.description = scope.description;
  rep.protocol = scope.protocol;
  rep.attributes = { ...scope.attributes };
  if (scope.protocolMappers.length) rep.protocolMappers = scope.protocolMappers.map(mapperRepresentation);
  return rep;
}

/** RoleRepresentation; the brief form leaves out attributes, as Keycloak's toBriefRepresentation. */
export function roleRepresentation(realm: RealmRecord, role: RoleRecord, brief = true): Record<string, unknown> {
  const rep: Record<string, unknown> = { id: role.id, name: role.name };
  if (role.description !== undefined) rep.description = role.description;
  rep.composite = role.compositeIds.length > 0;
  rep.clientRole = role.clientId !== undefined;
  rep.containerId = role.clientId ?? realm.id;
  if (!brief) rep.attributes = { ...role.attributes };
  return rep;
}
