import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { now } from "../common/ids.ts";
import { readCookies } from "../oidc/sso-cookies.ts";
import type { PortalToken } from "./portal-token.ts";

/** The portal's own session cookie: only the demo backend under /demo/ reads it; scripts never see it. */
export const PORTAL_SESSION_COOKIE = "NORTHWIND_PORTAL_SESSION";
const COOKIE_PATH = "/demo/";
const IDLE_MS = 30 * 60_000;
const MAX_MS = 10 * 60 * 60_000;

export interface PortalSession {
  id: string;
  realm: string;
  userId: string;
  username: string;
  started: number;
  lastUsed: number;
  /** The token handed to this session, reused until shortly before it expires; per frontend URL (its issuer). */
  token?: { baseUrl: string; value: PortalToken; expiresAt: number };
}

/**
 * The portal backend's sessions, in memory as a small product backend would keep them
 * (a restart signs every visitor out).
 */
export class PortalSessions {
  readonly #sessions = new Map<string, PortalSession>();

  start(realm: string, userId: string, username: string): PortalSession {
    const at = now();
    const session = { id: randomBytes(32).toString("base64url"), realm, userId, username, started: at, lastUsed: at };
    this.#sessions.set(session.id, session);
    return session;
  }

  /** The live session the request's cookie names; refreshes its idle time. */
  current(req: FastifyRequest): PortalSession | undefined {
    const id = readCookies(req).get(PORTAL_SESSION_COOKIE);
    const session = id ? this.#sessions.get(id) : undefined;
    if (!session) return undefined;
    const at = now();
    if (at - session.lastUsed > IDLE_MS || at - session.started > MAX_MS) {
      this.#sessions.delete(session.id);
      return undefined;
    }
    session.lastUsed = at;
    return session;
  }

  end(session: PortalSession): void {
    this.#sessions.delete(session.id);
  }
}

export function setPortalCookie(reply: FastifyReply, session: PortalSession, secure: boolean): void {
  reply.header(
    "set-cookie",
    `${PORTAL_SESSION_COOKIE}=${session.id}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`,
  );
}

export function clearPortalCookie(reply: FastifyReply, secure: boolean): void {
  reply.header(
    "set-cookie",
    `${PORTAL_SESSION_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`,
  );
}
