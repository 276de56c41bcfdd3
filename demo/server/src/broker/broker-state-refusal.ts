import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import { recordEvent } from "../events/record.ts";
import { sendErrorPage } from "../oidc/error-page.ts";

/**
 * A provider's answer naming no login this server sent it to (a state it never issued, or one already used): as
 * Keycloak 26.7.3 answers a state it cannot read (measured), the "Invalid Request" page with 400 and an
 * IDENTITY_PROVIDER_LOGIN_ERROR naming neither client nor details.
 */
export async function refuseUnknownBrokerState(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
) {
  await recordEvent(server, realm, {
    type: "IDENTITY_PROVIDER_LOGIN_ERROR",
    ipAddress: req.ip,
    error: "invalidRequestMessage",
  });
  return sendErrorPage(reply, realm, "Invalid Request");
}
