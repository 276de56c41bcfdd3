import { randomUUID } from "node:crypto";
import type { ServerContext } from "../../context.ts";
import type { ClientRecord, ClientScopeRecord, RealmRecord, UserRecord } from "../../store/types.ts";
import { userEffectiveRoleIds } from "../../access/roles.ts";
import { grantedRoleChecker, tokenScopeValue } from "./scope-evaluation.ts";

export interface ExampleTokenInput {
  server: ServerContext;
  /** The frontend URL of the request (the example tokens' issuer). */
  baseUrl: string;
  realm: RealmRecord;
  client: ClientRecord;
  user: UserRecord;
  scopes: ClientScopeRecord[];
  audience?: string;
}

type Claims = Record<string, unknown>;

const hasScope = (scopes: ClientScopeRecord[], name: string) => scopes.some((scope) => scope.name === name);

/** Claims of the default OIDC scopes (profile, email, microprofile-jwt) that do not depend on roles. */
function userClaims(input: ExampleTokenInput, into: Claims): Claims {
  const { user, scopes } = input;
  if (hasScope(scopes, "email")) {
    into.email_verified = user.emailVerified;
  }
  if (hasScope(scopes, "profile")) {
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
    if (name) into.name = name;
    into.preferred_username = user.username;
    if (user.firstName) into.given_name = user.firstName;
    if (user.lastName) into.family_name = user.lastName;
  }
  if (hasScope(scopes, "email") && user.email) into.email = user.email;
  if (hasScope(scopes, "microprofile-jwt")) into.upn = user.username;
  return into;
}

function baseClaims(input: ExampleTokenInput, type: string, lifespanSeconds: number): Claims {
  const issuedAt = Math.floor(Date.now() / 1000);
  return {
    exp: issuedAt + lifespanSeconds,
    iat: issuedAt,
    jti: randomUUID(),
    iss: `${input.baseUrl}/realms/${input.realm.realm}`,
    sub: input.user.id,
    typ: type,
    azp: input.client.clientId,
    sid: randomUUID(),
  };
}

function accessTokenLifespan(realm: RealmRecord): number {
  const value = realm.settings.accessTokenLifespan;
  return typeof value === "number" ? value : 300;
}

/** The example access token of the evaluate tab: a claims object, as Keycloak returns it. */
export function exampleAccessToken(input: ExampleTokenInput): Claims {
  const { server, client, user, scopes } = input;
  const { db } = server;
  const claims = baseClaims(input, "Bearer", accessTokenLifespan(input.realm));
  const granted = grantedRoleChecker(db, client, scopes);
  const realmRoles: string[] = [];
  const clientRoles: Record<string, { roles: string[] }> = {};
  for (const id of userEffectiveRoleIds(db, user)) {
    const role = db.get("roles", id);
    if (!role || !granted(role)) continue;
    if (!role.clientId) realmRoles.push(role.name);
    else {
      const owner = db.get("clients", role.clientId);
      if (owner) (clientRoles[owner.clientId] ??= { roles: [] }).roles.push(role.name);
    }
  }
  const audiences = Object.keys(clientRoles).filter((clientId) => clientId !== client.clientId);
  if (input.audience) audiences.push(input.audience);
  if (hasScope(scopes, "roles") && audiences.length) claims.aud = audiences.length === 1 ? audiences[0] : audiences;
  if (hasScope(scopes, "acr")) claims.acr = "1";
  const origins = Array.isArray(client.rep.webOrigins) ? (client.rep.webOrigins as string[]) : [];
  if (hasScope(scopes, "web-origins") && origins.length) claims["allowed-origins"] = origins;
  if (hasScope(scopes, "roles")) {
    if (realmRoles.length) claims.realm_access = { roles: realmRoles };
    if (Object.keys(clientRoles).length) claims.resource_access = clientRoles;
  }
  claims.scope = tokenScopeValue(scopes);
  if (hasScope(scopes, "microprofile-jwt")) claims.groups = realmRoles;
  return userClaims(input, claims);
}

export function exampleIdToken(input: ExampleTokenInput): Claims {
  const claims = baseClaims(input, "ID", accessTokenLifespan(input.realm));
  claims.aud = input.client.clientId;
  if (hasScope(input.scopes, "acr")) claims.acr = "1";
  return userClaims(input, claims);
}

export function exampleUserinfo(input: ExampleTokenInput): Claims {
  return userClaims(input, { sub: input.user.id });
}
