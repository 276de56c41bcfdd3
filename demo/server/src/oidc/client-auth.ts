import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Db } from "../store/db.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { clientByClientId } from "./lookup.ts";
import { invalidClient, oauthError } from "./oauth-error.ts";

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
 * Authenticates the calling client: public clients by client_id, confidential
 * ones by client_secret_basic or client_secret_post.
 */
export function authenticateClient(db: Db, realm: RealmRecord, req: FastifyRequest, body: FormBody): ClientRecord {
  const basic = basicCredentials(req);
  const clientId = basic?.id ?? body.client_id;
  if (!clientId) throw oauthError(400, "invalid_client", "Missing client_id parameter");
  const client = clientByClientId(db, realm, clientId);
  if (!client) throw invalidClient();
  if (client.rep.enabled === false) throw oauthError(401, "invalid_client", "Invalid client or Invalid client credentials");
  if (client.rep.bearerOnly === true) throw oauthError(400, "unauthorized_client", "Bearer-only not allowed");
  if (client.rep.publicClient === true) return client;
  const secret = basic?.secret ?? body.client_secret;
  const expected = typeof client.rep.secret === "string" ? client.rep.secret : undefined;
  if (!secret || !expected || !sameSecret(secret, expected)) throw invalidClient();
  return client;
}
