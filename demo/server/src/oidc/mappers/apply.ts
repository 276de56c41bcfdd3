import type { ClientRecord, ClientScopeRecord, ProtocolMapperRecord } from "../../store/types.ts";
import type { Claims, MapperInput, MapperState, TokenKind, TokenRoles } from "./types.ts";
import { MAPPER_TYPES } from "./registry.ts";
import { roleClaims } from "../role-claims.ts";

export interface EffectiveMapper {
  mapper: ProtocolMapperRecord;
  /** The client (its dedicated mappers) or the client scope the mapper belongs to. */
  container: { kind: "client"; record: ClientRecord } | { kind: "client-scope"; record: ClientScopeRecord };
}

/** The client's dedicated mappers, then those of each client scope in effect, as Keycloak walks them. */
export function effectiveMappers(client: ClientRecord, scopes: ClientScopeRecord[]): EffectiveMapper[] {
  return [
    ...client.protocolMappers.map((mapper) => ({ mapper, container: { kind: "client" as const, record: client } })),
    ...scopes.flatMap((scope) =>
      scope.protocolMappers.map((mapper) => ({ mapper, container: { kind: "client-scope" as const, record: scope } })),
    ),
  ];
}

/**
 * Keycloak's include-in switches: a missing access-token switch means yes (older mappers have none), a missing
 * userinfo switch follows the ID token one and a missing introspection switch follows the access token one.
 */
function includedIn(config: Record<string, string>, kind: TokenKind): boolean {
  const access = config["access.token.claim"] === undefined || config["access.token.claim"] === "true";
  const id = config["id.token.claim"] === "true";
  switch (kind) {
    case "access":
      return access;
    case "id":
      return id;
    case "userinfo":
      return config["userinfo.token.claim"] === undefined ? id : config["userinfo.token.claim"] === "true";
    case "introspection":
      return config["introspection.token.claim"] === undefined
        ? access
        : config["introspection.token.claim"] === "true";
  }
}

function tokenRoles(input: MapperInput): TokenRoles {
  const { realmRoles, clientRoles } = roleClaims(input.db, input.user, input.client, input.scopes);
  return { realm: [...realmRoles], clients: new Map(Object.entries(clientRoles).map(([id, r]) => [id, [...r]])) };
}

/**
 * The claims the protocol mappers in effect give one token kind. `aud` is set from the audience mappers
 * after `audiences` (the token's own audience, if any). A lightweight access token takes only the mappers with
 * "Add to lightweight access token" on, whatever their access token switch says (Keycloak 26).
 */
export function mapClaims(
  input: MapperInput,
  kind: TokenKind,
  audiences: string[] = [],
  { lightweight = false } = {},
): Claims {
  const state: MapperState = { ...input, kind, roles: tokenRoles(input), audiences: [...audiences] };
  const included = (config: Record<string, string>) =>
    lightweight && kind === "access" ? config["lightweight.claim"] === "true" : includedIn(config, kind);
  const steps = effectiveMappers(input.client, input.scopes)
    .map(({ mapper }) => ({ mapper, type: MAPPER_TYPES.get(mapper.protocolMapper) }))
    .filter(({ mapper, type }) => mapper.protocol === "openid-connect" && type && type.kinds.includes(kind))
    .filter(({ mapper }) => included(mapper.config))
    .sort((a, b) => a.type!.priority - b.type!.priority);
  const claims: Claims = {};
  for (const { mapper, type } of steps) type!.apply(claims, mapper.config, state);
  if (state.audiences.length) claims.aud = state.audiences.length === 1 ? state.audiences[0] : state.audiences;
  return claims;
}
