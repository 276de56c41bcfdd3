import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { RealmRecord, UserSessionRecord } from "../store/types.ts";
import { endSessions } from "../access/sessions.ts";
import { recordEvent } from "../events/record.ts";
import { sendInfoPage } from "../oidc/error-page.ts";
import { clearSsoCookies } from "../oidc/sso-cookies.ts";

/**
 * Session notes of a sign-out waiting for its provider's answer (Keycloak's LOGGING_OUT user session, found again by
 * the `state` or RelayState that names the session): kept with the session, so a restart in between loses nothing.
 */
const LOGOUT_NOTE = {
  provider: "BROKER_LOGOUT_PROVIDER",
  client: "BROKER_LOGOUT_CLIENT",
  location: "BROKER_LOGOUT_REDIRECT",
} as const;

export interface LogoutFinish {
  clientId?: string;
  location?: string;
}

/** Marks the session as signing out through the provider `alias`, to finish as `finish` says when it answers. */
export async function awaitProviderLogout(
  server: ServerContext,
  session: UserSessionRecord,
  alias: string,
  finish: LogoutFinish,
): Promise<void> {
  const notes: Record<string, string> = { ...session.notes, [LOGOUT_NOTE.provider]: alias };
  if (finish.clientId) notes[LOGOUT_NOTE.client] = finish.clientId;
  if (finish.location) notes[LOGOUT_NOTE.location] = finish.location;
  await server.db.write((tx) => tx.put("userSessions", { ...session, notes }));
}

/** The session `sessionId` names when it is signing out through the provider `alias`, and how to finish. */
export function pendingProviderLogout(
  server: ServerContext,
  realm: RealmRecord,
  sessionId: string | undefined,
  alias: string,
): { session: UserSessionRecord; finish: LogoutFinish } | undefined {
  const session = sessionId ? server.db.get("userSessions", sessionId) : undefined;
  if (!session || session.realmId !== realm.id || session.notes[LOGOUT_NOTE.provider] !== alias) return undefined;
  return {
    session,
    finish: { clientId: session.notes[LOGOUT_NOTE.client], location: session.notes[LOGOUT_NOTE.location] },
  };
}

/**
 * The end of a sign-out that went through an external provider in the browser: the session (when still there) ends
 * with a LOGOUT event, the SSO cookies go, and the browser goes where the sign-out was asked to end.
 */
export async function finishBrowserLogout(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  session: UserSessionRecord | undefined,
  pending: LogoutFinish,
) {
  if (session) {
    await endSessions(server, [session], { logoutBrokers: false });
    await recordEvent(server, realm, {
      type: "LOGOUT",
      clientId: pending.clientId,
      userId: session.userId,
      sessionId: session.id,
      ipAddress: req.ip,
    });
  }
  clearSsoCookies(server, reply, realm);
  if (pending.location) return reply.status(302).header("location", pending.location).send();
  return sendInfoPage(reply, realm, "You are logged out");
}
