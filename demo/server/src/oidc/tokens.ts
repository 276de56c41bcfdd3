import { createHash } from "node:crypto";
import { SignJWT, type JWTPayload } from "jose";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord, UserRecord, UserSessionRecord } from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import { realmSigningKey } from "./keys.ts";
import { applyScopes } from "./scopes.ts";
import { mapClaims } from "./mappers/apply.ts";
import type { MapperInput } from "./mappers/types.ts";
import { clientAttribute, realmNumber } from "./lookup.ts";
import { sessionExpiresAt } from "../access/sessions.ts";
import { readDirectoryMemberships } from "../federation/ldap-directory-memberships.ts";
import { isProxiedUserId } from "../federation/proxied-users.ts";
import { publicSessionId } from "../access/offline-sessions.ts";
import { DPOP_SCHEME, dpopConfirmation } from "./dpop.ts";
import { REUSE_ID_CLAIM, revokesRefreshTokens } from "./refresh-token-reuse.ts";

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
  /** Session notes for a grant without a stored session (the service account's client_id, clientHost, clientAddress). */
  notes?: Record<string, string>;
  /** Whether a refresh token is part of the response. */
  withRefreshToken: boolean;
  /** Claims added to the access token (an RPT's `authorization` and audience). */
  accessClaims?: JWTPayload;
  /**
   * Keycloak's two letters for the grant (ac code, rt refresh, ro password, cc client credentials, dg device), which
   * end the access token id's prefix after the session kind (on online, of offline, tr none) and the token kind (rt
   * regular, lt lightweight).
   */
  grantShortcut?: "ac" | "rt" | "ro" | "cc" | "dg";
  /** The thumbprint of the key a DPoP proof showed: the access token (and a public client's refresh token) is bound to it. */
  dpopJkt?: string;
  /** On a refresh: the rotation family of the refresh token presented, which the new one keeps (refresh-token-reuse.ts). */
  refreshedFamily?: { reuseId?: string };
  /** A client policy asks for a lightweight access token (use-lightweight-access-token). */
  lightweight?: boolean;
}

/** Keycloak's client switch "Always use lightweight access token". */
export const LIGHTWEIGHT_ACCESS_TOKEN_ATTRIBUTE = "client.use.lightweight.access.token.enabled";

export interface TokenResponseBody {
  access_token: string;
  expires_in: number;
  refresh_expires_in: number;
  refresh_token?: string;
  token_type: "Bearer" | "DPoP";
  id_token?: string;
  "not-before-policy": number;
  session_state?: string;
  scope: string;
}

/** The claims every token of Keycloak's begins with, in its order. */
export const BASIC_TOKEN_CLAIMS = ["exp", "iat", "auth_time", "jti", "iss", "aud", "sub", "typ", "azp", "nonce", "sid"];

/** Claim order of Keycloak's tokens; the mappers' claims follow. */
const LEADING_CLAIMS = [...BASIC_TOKEN_CLAIMS, "at_hash", "acr"];

/** The token's own fields win over mapped claims of the same name; undefined values are dropped. */
export function tokenPayload(own: JWTPayload, mapped: JWTPayload): JWTPayload {
  const merged: JWTPayload = { ...mapped, ...own };
  const keys = [...LEADING_CLAIMS.filter((key) => key in merged), ...Object.keys(merged)];
  return Object.fromEntries(
    [...new Set(keys)].map((key) => [key, merged[key]]).filter(([, value]) => value !== undefined),
  ) as JWTPayload;
}

/** Signs with the realm's active key for `algorithm` (the realm's default signature algorithm when not given). */
async function sign(
  server: ServerContext,
  realm: RealmRecord,
  payload: JWTPayload,
  algorithm: string | undefined,
  typ = "JWT",
): Promise<string> {
  const key = await realmSigningKey(server, realm, algorithm || undefined);
  return new SignJWT(payload).setProtectedHeader({ alg: key.algorithm, typ, kid: key.kid }).sign(key.privateKey);
}

/** Keycloak's at_hash: left half of the SHA-256 of the access token, base64url. */
function accessTokenHash(accessToken: string): string {
  const digest = createHash("sha256").update(accessToken).digest();
  return digest.subarray(0, digest.length / 2).toString("base64url");
}

/** Mints the access, refresh and ID tokens of a grant and builds the token endpoint answer. */
export async function issueTokens(server: ServerContext, grant: TokenGrant): Promise<TokenResponseBody> {
  const { realm, client, user, session } = grant;
  // A directory user's READ_ONLY / LDAP_ONLY memberships are read from LDAP for each token.
  if (user.federationLink || isProxiedUserId(user.id)) await readDirectoryMemberships(server, realm, user);
  const issuedAt = Math.floor(now() / 1000);
  const iss = issuerOf(grant.baseUrl, realm);
  const scopes = applyScopes(server.db, client, grant.scope);
  const clientLifespan = Number(clientAttribute(client, "access.token.lifespan") ?? "") || 0;
  const accessLifespan = clientLifespan || realmNumber(realm, "accessTokenLifespan", 300);
  const sessionEnd = session ? Math.floor(Math.min(sessionExpiresAt(realm, session), 8.64e15) / 1000) : undefined;
  const sid = session ? publicSessionId(session) : undefined;
  const offline = session?.offline === true;
  const sessionKind = !session ? "tr" : offline ? "of" : "on";
  const cnf = grant.dpopJkt ? dpopConfirmation(grant.dpopJkt) : undefined;
  const lightweight =
    grant.lightweight === true || clientAttribute(client, LIGHTWEIGHT_ACCESS_TOKEN_ATTRIBUTE) === "true";
  const accessExp =
    sessionEnd !== undefined ? Math.min(issuedAt + accessLifespan, sessionEnd) : issuedAt + accessLifespan;
  const input: MapperInput = {
    db: server.db,
    realm,
    client,
    user,
    scopes: scopes.scopes,
    baseUrl: grant.baseUrl,
    notes: { ...session?.notes, ...grant.notes },
  };

  const access = tokenPayload(
    {
      exp: accessExp,
      iat: issuedAt,
      jti: `${sessionKind}${lightweight ? "lt" : "rt"}${grant.grantShortcut ?? (session ? "ac" : "cc")}:${newId()}`,
      iss,
      // a lightweight token names its user through its session; one without a session (a service account's) cannot
      ...(lightweight && !session ? { sub: user.id } : {}),
      typ: cnf ? DPOP_SCHEME : "Bearer",
      azp: client.clientId,
      sid,
      scope: scopes.scopeParam,
      cnf,
      ...grant.accessClaims,
    },
    mapClaims(input, "access", [], { lightweight }),
  );
  const accessToken = await sign(server, realm, access, clientAttribute(client, "access.token.signed.response.alg"));

  const body: TokenResponseBody = {
    access_token: accessToken,
    expires_in: accessExp - issuedAt,
    refresh_expires_in: 0,
    token_type: cnf ? DPOP_SCHEME : "Bearer",
    "not-before-policy": realmNumber(realm, "notBefore", 0),
    scope: scopes.scopeParam,
  };

  if (grant.withRefreshToken && session && sessionEnd !== undefined) {
    // An offline token carries no expiry unless the realm caps offline sessions (Keycloak's offlineSessionMaxLifespanEnabled).
    const offlineCapped = realm.settings.offlineSessionMaxLifespanEnabled === true;
    const refreshExp = offline && !offlineCapped ? undefined : sessionEnd;
    const refresh: JWTPayload = {
      ...(refreshExp !== undefined ? { exp: refreshExp } : {}),
      iat: issuedAt,
      jti: newId(),
      iss,
      aud: iss,
      sub: user.id,
      typ: offline ? "Offline" : "Refresh",
      azp: client.clientId,
      sid,
      scope: scopes.scopeParam,
      // Keycloak binds a public client's refresh token too; a confidential client's is bound by its authentication.
      ...(cnf && client.rep.publicClient === true ? { cnf } : {}),
    };
    // While the realm revokes refresh tokens, a login starts a rotation family and its refreshes stay in it.
    if (revokesRefreshTokens(realm)) {
      const reuseId = grant.refreshedFamily ? grant.refreshedFamily.reuseId : newId();
      if (reuseId !== undefined) refresh[REUSE_ID_CLAIM] = reuseId;
    }
    body.refresh_token = await sign(server, realm, refresh, undefined);
    body.refresh_expires_in = refreshExp !== undefined ? refreshExp - issuedAt : 0;
  }

  if (scopes.scopeParam.split(" ").includes("openid")) {
    const id = tokenPayload(
      {
        exp: accessExp,
        iat: issuedAt,
        jti: newId(),
        iss,
        sub: user.id,
        typ: "ID",
        azp: client.clientId,
        nonce: grant.nonce,
        sid,
        at_hash: accessTokenHash(accessToken),
      },
      mapClaims(input, "id", [client.clientId]),
    );
    body.id_token = await sign(server, realm, id, clientAttribute(client, "id.token.signed.response.alg"));
  }
  if (sid) body.session_state = sid;
  return body;
}
