import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { RealmRecord, UserSessionRecord } from "../store/types.ts";
import { endSessions } from "../access/sessions.ts";
import { recordEvent } from "../events/record.ts";
import { sendInfoPage } from "../oidc/error-page.ts";
import { clearSsoCookies } from "../oidc/sso-cookies.ts";

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
  pending: { clientId?: string; location?: string },
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
