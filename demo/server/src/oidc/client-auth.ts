import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Db } from "../store/db.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { clientByClientId } from "./lookup.ts";
import { oauthError } from "./oauth-error.ts";
import { HttpError } from "../http/errors.ts";

export type FormBody = Record<string, string | undefined>;

/** client_id / client_secret from an HTTP Basic header (form-urlencoded parts, as RFC 6749 asks). */
function basicCredentials(req: FastifyRequest): { id: string; secret: string } | undefined {
  const header = req.headers.authorization;
  if (!header?.toLowerCase().startsWith("basic ")) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  const unescape = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
  try {
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  } catch {
    return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
}

/** The client_id a token-endpoint request names (Basic header first, then the form). */
export function requestedClientId(req: FastifyRequest, body: FormBody): string | undefined {
  return basicCredentials(req)?.id ?? body.client_id;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A failed client authentication: the answer, and the error (and client id,
 * when the request named one) that Keycloak puts on the endpoint's error event.
 */
export class ClientAuthError extends HttpError {
  constructor(
    status: number,
    body: Record<string, unknown>,
    readonly eventError: string,
    readonly clientId: string | undefined,
  ) {
    super(status, body);
  }
}

const INVALID_CLIENT = "Invalid client or Invalid client credentials";

/**
 * Authenticates the calling client as Keycloak's "clients" flow does with
 * client-secret: public clients by client_id, confidential ones by
 * client_secret_basic or client_secret_post. An unknown, missing or disabled
 * client is 401 invalid_client; a missing or wrong secret is 401
 * unauthorized_client with the event error invalid_client_credentials.
 */
export function authenticateClient(db: Db, realm: RealmRecord, req: FastifyRequest, body: FormBody): ClientRecord {
  const basic = basicCredentials(req);
  const clientId = basic?.id ?? body.client_id;
  const fail = (status: number, error: string, eventError: string) =>
    new ClientAuthError(status, { error, error_description: INVALID_CLIENT }, eventError, clientId);
  if (!clientId) throw fail(401, "invalid_client", "client_not_found");
  const client = clientByClientId(db, realm, clientId);
  if (!client) throw fail(401, "invalid_client", "client_not_found");
  if (client.rep.enabled === false) throw fail(401, "invalid_client", "client_disabled");
  if (client.rep.publicClient !== true) {
    const secret = basic?.secret ?? body.client_secret;
    const expected = typeof client.rep.secret === "string" ? client.rep.secret : undefined;
    if (!secret || !expected || !sameSecret(secret, expected))
      throw fail(401, "unauthorized_client", "invalid_client_credentials");
  }
  if (client.rep.bearerOnly === true) throw oauthError(400, "invalid_client", "Bearer-only not allowed");
  return client;
}
