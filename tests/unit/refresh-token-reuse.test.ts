import { describe, expect, it } from "vitest";
import { checkRefreshTokenReuse, reuseKey } from "../../demo/server/src/oidc/refresh-token-reuse.ts";
import type { RealmRecord } from "../../demo/server/src/store/types.ts";

// The rules whose answers depend on whole seconds (iat against the family's last refresh), which the server test
// cannot reach without waiting; measured on Keycloak 26.7.3 with 1.1 s pauses.
const realmWith = (refreshTokenMaxReuse: number) =>
  ({ settings: { revokeRefreshToken: true, refreshTokenMaxReuse } }) as unknown as RealmRecord;

describe("checkRefreshTokenReuse", () => {
  it("refuses an older token once a newer one was used in a later second (Stale token)", () => {
    const known = { tokenId: "newer", useCount: 1, lastRefresh: 200 };
    const verdict = checkRefreshTokenReuse(realmWith(2), known, { jti: "older", iat: 100 });
    expect(verdict).toEqual({ refused: true, reason: "Stale token" });
  });

  it("lets an older token issued in the same second as the last refresh start counting again", () => {
    const known = { tokenId: "newer", useCount: 1, lastRefresh: 100 };
    const verdict = checkRefreshTokenReuse(realmWith(2), known, { jti: "older", iat: 100 });
    expect(verdict).toEqual({ refused: false, use: { tokenId: "older", useCount: 1, lastRefresh: 100 } });
  });

  it("counts the uses of the token last presented up to the maximum plus one", () => {
    const realm = realmWith(1);
    let known = undefined;
    for (let use = 1; use <= 2; use++) {
      const verdict = checkRefreshTokenReuse(realm, known, { jti: "t", iat: 100 });
      if (verdict.refused) throw new Error(`use ${use} refused`);
      expect(verdict.use.useCount).toBe(use);
      known = verdict.use;
    }
    expect(checkRefreshTokenReuse(realm, known, { jti: "t", iat: 100 })).toEqual({
      refused: true,
      reason: "Maximum allowed refresh token reuse exceeded",
    });
  });

  it("files a token without reuse_id (issued while rotation was off) under the empty key", () => {
    expect(reuseKey({ jti: "t" })).toBe("");
    expect(reuseKey({ jti: "t", reuse_id: "family" })).toBe("family");
  });
});
