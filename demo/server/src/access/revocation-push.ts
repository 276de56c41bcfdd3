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

/** The realm's signed admin action (Keycloak's AdminAction subclasses), POSTed as text to `{management URL}/{path}`. */
async function postAdminAction(
  key: Awaited<ReturnType<typeof realmSigningKey>>,
  url: string,
  claims: Record<string, unknown>,
): Promise<boolean> {
  const action = await new SignJWT({ id: `${newId()}-${now()}`, ...claims })
    .setProtectedHeader({ alg: key.algorithm, kid: key.kid })
    .sign(key.privateKey);
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "text/plain; charset=ISO-8859-1" },
    body: action,
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  })
    .then(async (res) => (await res.arrayBuffer(), res.status === 200 || res.status === 204))
    .catch(() => false);
}

/**
 * Sends Keycloak's PushNotBeforeAction (a signed token, POSTed to
 * `{admin URL}/k_push_not_before`) to each OpenID Connect client that has an
 * admin URL, and reports which management URLs (the admin URLs, as Keycloak lists them) accepted it.
 * As Keycloak 26.7.3, a client of another protocol with an admin URL gets nothing and is reported as failed.
 * The realm's push carries the realm's not-before, a client's push the client's (`scope`).
 */
export async function pushNotBefore(
  server: ServerContext,
  realm: RealmRecord,
  clients: ClientRecord[],
  scope: "realm" | "client" = "realm",
): Promise<GlobalRequestResult> {
  const result: GlobalRequestResult = {};
  const targets = clients.filter((c) => managementUrl(c));
  const key = targets.length ? await realmSigningKey(server, realm) : undefined;
  const outcomes = await Promise.all(
    targets.map(async (client) => {
      const base = managementUrl(client)!;
      const notBefore = scope === "realm" ? realmNumber(realm, "notBefore", 0) : Number(client.rep.notBefore ?? 0) || 0;
      const ok =
        (client.rep.protocol ?? "openid-connect") === "openid-connect" &&
        (await postAdminAction(key!, `${base}/k_push_not_before`, {
          expiration: Math.floor(now() / 1000) + 30,
          resource: client.clientId,
          action: "PUSH_NOT_BEFORE",
          notBefore,
        }));
      return { base, ok };
    }),
  );
  for (const { base, ok } of outcomes)
    (ok ? (result.successRequests ??= []) : (result.failedRequests ??= [])).push(base);
  return result;
}

/**
 * Keycloak's logout of every client (ResourceAdminManager.logoutAll): a LogoutAction with the realm's not-before
 * POSTed to `{management URL}/k_logout` of each enabled client with an admin URL, whatever its protocol. Keycloak
 * 26.7.3 reports every such URL under successRequests, whatever the client answered.
 */
export async function logoutAllClients(
  server: ServerContext,
  realm: RealmRecord,
  clients: ClientRecord[],
): Promise<GlobalRequestResult> {
  const result: GlobalRequestResult = {};
  const targets = clients.filter((c) => c.rep.enabled !== false && managementUrl(c));
  const key = targets.length ? await realmSigningKey(server, realm) : undefined;
  const bases = await Promise.all(
    targets.map(async (client) => {
      const base = managementUrl(client)!;
      await postAdminAction(key!, `${base}/k_logout`, {
        expiration: Math.floor(now() / 1000) + 30,
        resource: client.clientId,
        action: "LOGOUT",
        notBefore: realmNumber(realm, "notBefore", 0),
      });
      return base;
    }),
  );
  if (bases.length) result.successRequests = bases;
  return result;
}
