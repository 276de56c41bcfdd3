import type { Db } from "../../store/db.ts";
import type { ClientRecord, ClientScopeRecord, RealmRecord, UserRecord } from "../../store/types.ts";

/** The documents protocol mappers write to; each mapper config has an `<kind>.token.claim`-style switch for it. */
export type TokenKind = "access" | "id" | "userinfo" | "introspection";

export type Claims = Record<string, unknown>;

/** Everything a mapper may read about the request the token is for. */
export interface MapperInput {
  db: Db;
  realm: RealmRecord;
  client: ClientRecord;
  user: UserRecord;
  /** The client scopes in effect (default ones and the requested optional ones). */
  scopes: ClientScopeRecord[];
  /** The frontend URL of the request (allowed origins of `+` web origins follow it). */
  baseUrl: string;
  /** User session notes (AUTH_TIME, client_id for service accounts, ...). */
  notes: Record<string, string>;
}

/** The roles a token carries, by realm and by clientId; role mappers change them before they become claims. */
export interface TokenRoles {
  realm: string[];
  clients: Map<string, string[]>;
}

/** Per-token state shared by the mappers of one token. */
export interface MapperState extends MapperInput {
  kind: TokenKind;
  roles: TokenRoles;
  audiences: string[];
}

export interface MapperType {
  /** Keycloak's protocolMapper id. */
  id: string;
  /** The tokens this type can write to at all. */
  kinds: readonly TokenKind[];
  /** Lower runs first (Keycloak's role-changing mappers run before the role claims are written). */
  priority: number;
  apply(claims: Claims, config: Record<string, string>, state: MapperState): void;
}
