import { createSecretKey, X509Certificate } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { ClientAuthError, type FormBody } from "./client-auth.ts";
import { clientAttribute, clientByClientId } from "./lookup.ts";
import { issuerOf } from "./tokens.ts";

const SECRET_JWT_ALGORITHMS = ["HS256", "HS384", "HS512"];
const KEY_JWT_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];
/** The algorithms a client's signed JWT may use (client_secret_jwt and private_key_jwt), as Keycloak's discovery lists. */
export const CLIENT_ASSERTION_ALGORITHMS = [...KEY_JWT_ALGORITHMS, ...SECRET_JWT_ALGORITHMS];

export const JWT_BEARER_ASSERTION = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/** jti values already used, until their token expires (Keycloak refuses a reused client assertion). */
const usedAssertions = new Map<string, number>();

function rememberAssertion(id: string, expiresAt: number): boolean {
  const nowSeconds = Date.now() / 1000;
  for (const [key, expiry] of usedAssertions) if (expiry < nowSeconds) usedAssertions.delete(key);
  if (usedAssertions.has(id)) return false;
  usedAssertions.set(id, expiresAt);
  return true;
}

const remoteSets = new Map<string, JWTVerifyGetKey>();

/** The client's verification key: its JWKS URL when "Use JWKS URL" is on, else its stored certificate. */
function clientKeys(client: ClientRecord): JWTVerifyGetKey | undefined {
  if (clientAttribute(client, "use.jwks.url") === "true") {
    const url = clientAttribute(client, "jwks.url");
    if (!url || !URL.canParse(url)) return undefined;
    if (!remoteSets.has(url)) remoteSets.set(url, createRemoteJWKSet(new URL(url)));
    return remoteSets.get(url);
  }
  const certificate = clientAttribute(client, "jwt.credential.certificate");
  if (!certificate) return undefined;
  const key = new X509Certificate(Buffer.from(certificate.replace(/-----[^-]+-----|\s+/g, ""), "base64")).publicKey;
  return () => key;
}

/**
 * Client authentication by a signed JWT (RFC 7523), as Keycloak's "Signed Jwt" (client-jwt) and "Signed Jwt with
 * Client Secret" (client-secret-jwt) authenticators check it: the client is the assertion's subject, the issuer is the
 * client, the audience names this realm (its issuer or token endpoint), it has not expired and was not used before,
 * and its signature verifies with the client's key or secret. A failure is Keycloak's 400 invalid_client.
 */
export async function authenticateClientAssertion(
  server: ServerContext,
  realm: RealmRecord,
  req: FastifyRequest,
  body: FormBody,
): Promise<ClientRecord> {
  let subject: string | undefined;
  // Keycloak's JWT client validators answer 400 invalid_client with their own message; an exception (a signature
  // that does not verify) is prefixed with "Client authentication with signed JWT failed: "
  const fail = (description: string) =>
    new ClientAuthError(
      400,
      { error: "invalid_client", error_description: description },
      "invalid_client_credentials",
      subject ?? body.client_id,
    );
  if (body.client_assertion_type !== JWT_BEARER_ASSERTION) throw fail("Parameter client_assertion_type is missing");
  const assertion = body.client_assertion ?? "";
  try {
    subject = decodeJwt(assertion).sub;
  } catch {
    throw fail("Client authentication with signed JWT failed: Token is not a valid JWT");
  }
  if (!subject) throw fail("Can't identify client. Subject missing on JWT token");
  if (body.client_id && body.client_id !== subject)
    throw fail("client_id parameter does not match authenticated client");
  const client = clientByClientId(server.db, realm, subject);
  if (!client)
    throw new ClientAuthError(
      401,
      { error: "invalid_client", error_description: "Invalid client or Invalid client credentials" },
      "client_not_found",
      subject,
    );
  if (client.rep.enabled === false)
    throw new ClientAuthError(
      401,
      { error: "invalid_client", error_description: "Invalid client or Invalid client credentials" },
      "client_disabled",
      subject,
    );
  const type = client.rep.clientAuthenticatorType;
  let keys: JWTVerifyGetKey | undefined;
  let algorithms: string[];
  const configuredAlg = clientAttribute(client, "token.endpoint.auth.signing.alg");
  if (type === "client-secret-jwt") {
    const secret = typeof client.rep.secret === "string" ? client.rep.secret : "";
    const key = createSecretKey(Buffer.from(secret, "utf8"));
    keys = () => key;
    algorithms = configuredAlg ? [configuredAlg] : SECRET_JWT_ALGORITHMS;
  } else if (type === "client-jwt") {
    keys = clientKeys(client);
    algorithms = configuredAlg ? [configuredAlg] : KEY_JWT_ALGORITHMS;
  } else {
    throw fail("Client authentication with signed JWT failed: Not configured authenticator for client");
  }
  if (!keys) throw fail("Unable to load public key");
  const issuer = issuerOf(frontendUrl(server, req), realm);
  const audience = [issuer, `${issuer}/protocol/openid-connect/token`];
  let payload: JWTPayload;
  try {
    payload = (await jwtVerify(assertion, keys, { algorithms })).payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw fail("Token is not active");
    throw fail("Client authentication with signed JWT failed: Signature on JWT token failed validation");
  }
  if (typeof payload.exp !== "number") throw fail("Token exp claim is required");
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.some((aud) => typeof aud === "string" && audience.includes(aud))) throw fail("Invalid token audience");
  if (!payload.jti) throw fail("Token jti claim is required");
  if (!rememberAssertion(`${realm.id}:${subject}:${payload.jti}`, payload.exp)) throw fail("Token reuse detected");
  return client;
}
