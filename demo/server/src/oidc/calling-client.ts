import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { authenticateClient, type FormBody } from "./client-auth.ts";
import { authenticateClientAssertion } from "./client-assertion.ts";

/**
 * The client calling a back-channel endpoint (introspection, revocation, pushed requests), authenticated as at the token
 * endpoint: by a signed JWT when it sends client_assertion, else by client id and secret.
 */
export async function authenticateCallingClient(
  server: ServerContext,
  realm: RealmRecord,
  req: FastifyRequest,
  body: FormBody,
): Promise<ClientRecord> {
  return body.client_assertion !== undefined
    ? await authenticateClientAssertion(server, realm, req, body)
    : authenticateClient(server.db, realm, req, body);
}
