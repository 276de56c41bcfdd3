import type { ServerContext } from "../context.ts";

/** Revoked access tokens' ids, each until its token would have expired anyway (Keycloak's revoked-token store, per server). */
const revoked = new WeakMap<ServerContext, Map<string, number>>();

/** Remembers a revoked access token until its expiry (at least 10 s, as Keycloak keeps it). */
export function rememberRevokedToken(server: ServerContext, jti: string, exp: number | undefined): void {
  let ids = revoked.get(server);
  if (!ids) revoked.set(server, (ids = new Map()));
  const nowS = Math.floor(Date.now() / 1000);
  for (const [id, until] of ids) if (until < nowS) ids.delete(id);
  ids.set(jti, nowS + Math.max((exp ?? nowS) - nowS, 10));
}

export function isRevokedToken(server: ServerContext, jti: string | undefined): boolean {
  const until = jti ? revoked.get(server)?.get(jti) : undefined;
  return until !== undefined && until >= Math.floor(Date.now() / 1000);
}
