import type { JWTPayload } from "jose";
import type { ServerContext } from "../context.ts";
import type { RealmRecord, RefreshTokenUse, UserSessionRecord } from "../store/types.ts";
import { realmNumber } from "./lookup.ts";

/** The claim naming a refresh token's rotation family (Keycloak's Constants.REUSE_ID). */
export const REUSE_ID_CLAIM = "reuse_id";

/** Whether the realm rotates refresh tokens ("Revoke refresh token" in Realm settings → Tokens). */
export const revokesRefreshTokens = (realm: RealmRecord) => realm.settings.revokeRefreshToken === true;

/** The key a refresh token's uses are counted under: its family, or "" for a token issued before rotation was on. */
export function reuseKey(payload: JWTPayload): string {
  const reuseId = payload[REUSE_ID_CLAIM];
  return reuseId === undefined || reuseId === null ? "" : String(reuseId);
}

export type ReuseVerdict =
  | { refused: false; use: RefreshTokenUse }
  | { refused: true; reason: "Stale token" | "Maximum allowed refresh token reuse exceeded" };

/**
 * Keycloak 26.7.3's check of a presented refresh token while the realm revokes refresh tokens: a token older than the
 * family's last refresh that is not the token last presented is stale; the token last presented may be presented
 * refreshTokenMaxReuse + 1 times in all. `use` is the family's state after this (accepted) use.
 */
export function checkRefreshTokenReuse(
  realm: RealmRecord,
  known: RefreshTokenUse | undefined,
  payload: JWTPayload,
): ReuseVerdict {
  const tokenId = String(payload.jti ?? "");
  const iat = payload.iat ?? 0;
  const lastRefresh = known?.lastRefresh ?? 0;
  if (known && known.tokenId !== tokenId && iat < lastRefresh) return { refused: true, reason: "Stale token" };
  const current = known && known.tokenId === tokenId ? known : { tokenId, useCount: 0, lastRefresh };
  if (current.useCount > realmNumber(realm, "refreshTokenMaxReuse", 0))
    return { refused: true, reason: "Maximum allowed refresh token reuse exceeded" };
  return { refused: false, use: { ...current, useCount: current.useCount + 1 } };
}

/**
 * Keycloak's answer to a refused reuse: the client's session leaves the user session, which itself stays (listed with
 * no clients); the client's newer refresh tokens stop working too.
 */
export async function detachRefusedClient(
  server: ServerContext,
  session: UserSessionRecord,
  clientId: string,
): Promise<void> {
  const clients = Object.fromEntries(Object.entries(session.clients).filter(([id]) => id !== clientId));
  await server.db.write((tx) => tx.put("userSessions", { ...session, clients }));
}
