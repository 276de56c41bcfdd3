import { SignJWT } from "jose";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import { realmNumber } from "../oidc/lookup.ts";
import { realmSigningKey } from "../oidc/keys.ts";

/** Keycloak's GlobalRequestResult: the admin URLs that took the push and those that did not. */
export interface GlobalRequestResult {
  successRequests?: string[];
  failedRequests?: string[];
}

const PUSH_TIMEOUT_MS = 5000;

/** The client's management URL: its admin URL, resolved against its root URL when relative; undefined without one. */
function managementUrl(client: ClientRecord): string | undefined {
  const adminUrl = typeof client.rep.adminUrl === "string" ? client.rep.adminUrl.trim() : "";
  if (!adminUrl) return undefined;
  const rootUrl = typeof client.rep.rootUrl === "string" ? client.rep.rootUrl : "";
  try {
    return new URL(adminUrl, rootUrl || undefined).toString().replace(/\/$/, "");
  } catch {
    return undefined;
  }
}

/**
 * Sends Keycloak's PushNotBeforeAction (a signed token, POSTed to
 * `{admin URL}/k_push_not_before`) to each OpenID Connect client that has an
 * admin URL, and reports which management URLs (the admin URLs, as Keycloak lists them) accepted it.
 */
export async function pushNotBefore(
  server: ServerContext,
  realm: RealmRecord,
  clients: ClientRecord[],
): Promise<GlobalRequestResult> {
  const result: GlobalRequestResult = {};
  const targets = clients.filter((c) => (c.rep.protocol ?? "openid-connect") === "openid-connect");
  const key = targets.length ? await realmSigningKey(server, realm) : undefined;
  await Promise.all(
    targets.map(async (client) => {
      const base = managementUrl(client);
      if (!base || !key) return;
      const url = `${base}/k_push_not_before`;
      const notBefore = Math.max(realmNumber(realm, "notBefore", 0), Number(client.rep.notBefore ?? 0) || 0);
      const action = await new SignJWT({
        id: newId(),
        expiration: Math.floor(now() / 1000) + 60,
        resource: client.clientId,
        action: "PUSH_NOT_BEFORE",
        notBefore,
      })
        .setProtectedHeader({ alg: key.algorithm, kid: key.kid })
        .sign(key.privateKey);
      const ok = await fetch(url, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: action,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      })
        .then(async (res) => (await res.arrayBuffer(), res.ok))
        .catch(() => false);
      const list = ok ? (result.successRequests ??= []) : (result.failedRequests ??= []);
      list.push(base);
    }),
  );
  return result;
}
