import { createHash } from "node:crypto";
import { SignJWT, type JWTPayload } from "jose";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord, UserRecord, UserSessionRecord } from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import { realmSigningKey } from "./keys.ts";
import { applyScopes } from "./scopes.ts";
import { roleClaims } from "./role-claims.ts";
import { allowedOrigins } from "./redirect-uris.ts";
import { clientAttribute, realmNumber } from "./lookup.ts";
import { sessionExpiresAt } from "../access/sessions.ts";

/** The realm's issuer under a frontend URL (see http/frontend-url.ts). */
export const issuerOf = (baseUrl: string, realm: RealmRecord) => `${baseUrl}/realms/${realm.realm}`;

export interface TokenGrant {
  /** The frontend URL of the request the tokens are issued under: their issuer and allowed origins follow it. */
  baseUrl: string;
  realm: RealmRecord;
  client: ClientRecord;
  user: UserRecord;
  /** Absent for service-account tokens, which Keycloak 26 issues without a persistent session. */
  session?: UserSessionRecord;
  /** The requested scope parameter (space separated). */
  scope?: string;
  /** Only in the ID token of a code exchange; Keycloak 25+ leaves it out after a refresh. */
  nonce?: string;
  /** Whether a refresh token is part of the response. */
  withRefreshToken: boolean;
}

export interface TokenResponseBody {
  access_token: string;
  expires_in: number;
  refresh_expires_in: number;
  refresh_token?: string;
  token_type: "Bearer";
  id_token?: string;
  "not-before-policy": number;
  session_state?: string;
  scope: string;
}

/** Claims of the profile and email scopes. */
function profileClaims(user: UserRecord, withProfile: boolean, withEmail: boolean): JWTPayload {
  const claims: JWTPayload = {};
  if (withEmail) claims.email_verified = user.emailVerified;
  if (withProfile) {
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
    if (name) claims.name = name;
    claims.preferred_username = user.username;
    if (user.firstName) claims.given_name = user.firstName;
    if (user.lastName) claims.family_name = user.lastName;
  }
  if (withEmail && user.email) claims.email = user.email;
  return claims;
}

function audienceClaim(values: string[]): string | string[] | undefined {
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
}

async function sign(server: ServerContext, realm: RealmRecord, payload: JWTPayload, typ = "JWT"): Promise<string> {
  const key = await realmSigningKey(server, realm);
  return new SignJWT(payload).setProtectedHeader({ alg: "RS256", typ, kid: key.kid }).sign(key.privateKey);
}

/** Keycloak's at_hash: left half of the SHA-256 of the access token, base64url. */
function accessTokenHash(accessToken: string): string {
  const digest = createHash("sha256").update(accessToken).digest();
  return digest.subarray(0, digest.length / 2).toString("base64url");
}

/** Mints the access, refresh and ID tokens of a grant and builds the token endpoint answer. */
export async function issueTokens(server: ServerContext, grant: TokenGrant): Promise<TokenResponseBody> {
  const { realm, client, user, session } = grant;
  const issuedAt = Math.floor(now() / 1000);
  const iss = issuerOf(grant.baseUrl, realm);
  const scopes = applyScopes(server.db, client, grant.scope);
  const clientLifespan = Number(clientAttribute(client, "access.token.lifespan") ?? "") || 0;
  const accessLifespan = clientLifespan || realmNumber(realm, "accessTokenLifespan", 300);
  const sessionEnd = session ? Math.floor(sessionExpiresAt(realm, session) / 1000) : undefined;
  const accessExp =
    sessionEnd !== undefined ? Math.min(issuedAt + accessLifespan, sessionEnd) : issuedAt + accessLifespan;
  const authTime = session ? Number(session.notes.AUTH_TIME ?? Math.floor(session.start / 1000)) : undefined;
  const withProfile = scopes.has("profile");
  const withEmail = scopes.has("email");

  const roles = roleClaims(server.db, user, client, scopes.scopes);
  const access: JWTPayload = {
    exp: accessExp,
    iat: issuedAt,
    ...(authTime !== undefined ? { auth_time: authTime } : {}),
    jti: `${session ? "onrtac" : "trrtcc"}:${newId()}`,
    iss,
    aud: audienceClaim(Object.keys(roles.clientRoles).filter((id) => id !== client.clientId)),
    sub: user.id,
    typ: "Bearer",
    azp: client.clientId,
    ...(session ? { sid: session.id } : {}),
    acr: "1",
  };
  if (scopes.has("web-origins")) {
    const origins = allowedOrigins(client, grant.baseUrl);
    if (origins.length) access["allowed-origins"] = origins;
  }
  if (scopes.has("roles")) {
    if (roles.realmRoles.length) access.realm_access = { roles: roles.realmRoles };
    if (Object.keys(roles.clientRoles).length) {
      access.resource_access = Object.fromEntries(
        Object.entries(roles.clientRoles).map(([id, names]) => [id, { roles: names }]),
      );
    }
  }
  access.scope = scopes.scopeParam;
  Object.assign(access, profileClaims(user, withProfile, withEmail));
  if (user.serviceAccountClientId) access.client_id = client.clientId;
  const accessToken = await sign(server, realm, stripUndefined(access));

  const body: TokenResponseBody = {
    access_token: accessToken,
    expires_in: accessExp - issuedAt,
    refresh_expires_in: 0,
    token_type: "Bearer",
    "not-before-policy": realmNumber(realm, "notBefore", 0),
    scope: scopes.scopeParam,
  };

  if (grant.withRefreshToken && session && sessionEnd !== undefined) {
    const refresh: JWTPayload = {
      exp: sessionEnd,
      iat: issuedAt,
      jti: newId(),
      iss,
      aud: iss,
      sub: user.id,
      typ: "Refresh",
      azp: client.clientId,
      sid: session.id,
      scope: scopes.scopeParam,
    };
    body.refresh_token = await sign(server, realm, refresh);
    body.refresh_expires_in = sessionEnd - issuedAt;
  }

  if (scopes.scopeParam.split(" ").includes("openid")) {
    const id: JWTPayload = {
      exp: accessExp,
      iat: issuedAt,
      ...(authTime !== undefined ? { auth_time: authTime } : {}),
      jti: newId(),
      iss,
      aud: client.clientId,
      sub: user.id,
      typ: "ID",
      azp: client.clientId,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      ...(session ? { sid: session.id } : {}),
      at_hash: accessTokenHash(accessToken),
      acr: "1",
      ...profileClaims(user, withProfile, withEmail),
    };
    body.id_token = await sign(server, realm, id);
  }
  if (session) body.session_state = session.id;
  return body;
}

function stripUndefined(payload: JWTPayload): JWTPayload {
  return Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined));
}
