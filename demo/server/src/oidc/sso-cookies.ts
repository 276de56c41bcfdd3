import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SignJWT } from "jose";
import type { ServerContext } from "../context.ts";
import type { RealmRecord, UserRecord, UserSessionRecord } from "../store/types.ts";
import { now } from "../common/ids.ts";
import { realmSigningKey } from "./keys.ts";
import { issuerOf } from "./tokens.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { verifyToken } from "./verify-token.ts";
import { activeSession, sessionExpiresAt } from "../access/sessions.ts";

export const IDENTITY_COOKIE = "KEYCLOAK_IDENTITY";
export const SESSION_COOKIE = "KEYCLOAK_SESSION";

export function readCookies(req: FastifyRequest): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(eq + 1).trim());
  }
  return cookies;
}

/** The KEYCLOAK_SESSION value of Keycloak 26.2+: the session id hashed with SHA-256, base64url. */
export const sessionCookieValue = (sessionId: string) => createHash("sha256").update(sessionId).digest("base64url");

function cookieAttributes(
  server: ServerContext,
  req: FastifyRequest,
  realm: RealmRecord,
  maxAgeSeconds: number | undefined,
): string {
  const secure = frontendUrl(server, req).startsWith("https:");
  return [
    `Path=/realms/${encodeURIComponent(realm.realm)}/`,
    ...(maxAgeSeconds !== undefined ? [`Max-Age=${maxAgeSeconds}`] : []),
    ...(secure ? ["Secure", "SameSite=None"] : []),
  ].join("; ");
}

/** Fastify appends every set-cookie value to the ones already set (reading them back and setting all doubled them). */
function appendCookie(reply: FastifyReply, cookie: string): void {
  reply.header("set-cookie", cookie);
}

/** Sets the SSO cookies for a browser session (persistent only with remember-me). */
export async function setSsoCookies(
  server: ServerContext,
  reply: FastifyReply,
  realm: RealmRecord,
  user: UserRecord,
  session: UserSessionRecord,
): Promise<void> {
  const expiresAt = Math.floor(sessionExpiresAt(realm, session) / 1000);
  const key = await realmSigningKey(server, realm);
  const identity = await new SignJWT({
    typ: "Serialized-ID",
    sid: session.id,
    sub: user.id,
    iss: issuerOf(frontendUrl(server, reply.request), realm),
    iat: Math.floor(now() / 1000),
    exp: expiresAt,
  })
    .setProtectedHeader({ alg: key.algorithm, kid: key.kid })
    .sign(key.privateKey);
  const maxAge = session.rememberMe ? Math.max(0, expiresAt - Math.floor(now() / 1000)) : undefined;
  appendCookie(
    reply,
    `${IDENTITY_COOKIE}=${identity}; ${cookieAttributes(server, reply.request, realm, maxAge)}; HttpOnly`,
  );
  appendCookie(
    reply,
    `${SESSION_COOKIE}=${sessionCookieValue(session.id)}; ${cookieAttributes(server, reply.request, realm, maxAge)}`,
  );
}

export function clearSsoCookies(server: ServerContext, reply: FastifyReply, realm: RealmRecord): void {
  appendCookie(
    reply,
    `${IDENTITY_COOKIE}=; ${cookieAttributes(server, reply.request, realm, 0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly`,
  );
  appendCookie(
    reply,
    `${SESSION_COOKIE}=; ${cookieAttributes(server, reply.request, realm, 0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`,
  );
}

export interface SsoSession {
  session: UserSessionRecord;
  user: UserRecord;
}

/** The browser's live SSO session from its identity cookie, if any. */
export async function ssoSessionFromCookie(
  server: ServerContext,
  realm: RealmRecord,
  req: FastifyRequest,
): Promise<SsoSession | undefined> {
  const cookie = readCookies(req).get(IDENTITY_COOKIE);
  if (!cookie) return undefined;
  const verified = await verifyToken(server, frontendUrl(server, req), cookie, "Serialized-ID", realm.realm);
  const session = verified ? activeSession(server.db, realm, verified.payload.sid) : undefined;
  const user = session ? server.db.get("users", session.userId) : undefined;
  if (!session || !user || !user.enabled || user.id !== verified!.payload.sub) return undefined;
  return { session, user };
}
