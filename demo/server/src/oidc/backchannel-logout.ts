import { SignJWT } from "jose";
import { randomUUID } from "node:crypto";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, UserSessionRecord } from "../store/types.ts";
import { now } from "../common/ids.ts";
import { publicSessionId } from "../access/offline-sessions.ts";
import { clientAttribute } from "./lookup.ts";
import { realmSigningKey } from "./keys.ts";
import { issuerOf } from "./tokens.ts";

const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";
const LOGOUT_TOKEN_LIFESPAN_S = 120;
const BACKCHANNEL_TIMEOUT_MS = 10_000;

/**
 * The client's `backchannel.logout.url`; as Keycloak, a path (leading slash) is appended to its root URL:
 * root `https://app.example/root` and `/logout` post to `https://app.example/root/logout`. Undefined without one.
 */
function backchannelLogoutUrl(client: ClientRecord): string | undefined {
  const url = clientAttribute(client, "backchannel.logout.url")?.trim();
  if (!url) return undefined;
  const rootUrl = typeof client.rep.rootUrl === "string" ? client.rep.rootUrl : "";
  try {
    return new URL(url.startsWith("/") && rootUrl ? rootUrl + url : url).toString();
  } catch {
    return undefined;
  }
}

/**
 * OpenID Connect Back-Channel Logout 1.0 as Keycloak 26.7.3 sends it when a user session ends (end-session
 * endpoint, an administrator's sign-out of a user or a session): a logout token (JWS typ `logout+jwt`, claims
 * iat/exp 120 s/jti/iss/aud/sub, `typ: "Logout"`, the back-channel logout event, `sid` when the client's
 * `backchannel.logout.session.required` is on; `revoke_offline_access: true` among the events when its
 * `backchannel.logout.revoke.offline.tokens` is on, the offline sessions left to the client) POSTed as `logout_token` to each OpenID Connect client of the session
 * that has a `backchannel.logout.url`. The clients' answers change nothing.
 */
export async function sendBackchannelLogouts(
  server: ServerContext,
  baseUrl: string,
  sessions: UserSessionRecord[],
): Promise<void> {
  const deliveries: Promise<unknown>[] = [];
  for (const session of sessions) {
    const realm = server.db.get("realms", session.realmId);
    if (!realm) continue;
    for (const clientId of Object.keys(session.clients)) {
      const client = server.db.get("clients", clientId);
      const url =
        client && (client.rep.protocol ?? "openid-connect") === "openid-connect" && backchannelLogoutUrl(client);
      if (!client || !url) continue;
      deliveries.push(
        (async () => {
          const key = await realmSigningKey(server, realm);
          const iat = Math.floor(now() / 1000);
          const withSid = clientAttribute(client, "backchannel.logout.session.required") === "true";
          const revokeOffline = clientAttribute(client, "backchannel.logout.revoke.offline.tokens") === "true";
          const token = await new SignJWT({
            exp: iat + LOGOUT_TOKEN_LIFESPAN_S,
            iat,
            jti: randomUUID(),
            iss: issuerOf(baseUrl, realm),
            aud: client.clientId,
            sub: session.userId,
            typ: "Logout",
            ...(withSid ? { sid: publicSessionId(session) } : {}),
            events: { [BACKCHANNEL_LOGOUT_EVENT]: {}, ...(revokeOffline ? { revoke_offline_access: true } : {}) },
          })
            .setProtectedHeader({ alg: key.algorithm, typ: "logout+jwt", kid: key.kid })
            .sign(key.privateKey);
          const res = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ logout_token: token }),
            signal: AbortSignal.timeout(BACKCHANNEL_TIMEOUT_MS),
          });
          await res.arrayBuffer();
        })(),
      );
    }
  }
  await Promise.allSettled(deliveries);
}
