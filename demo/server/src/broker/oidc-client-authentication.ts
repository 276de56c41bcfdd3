import { createHash, createSecretKey, randomUUID, X509Certificate } from "node:crypto";
import { SignJWT, type JWTHeaderParameters } from "jose";
import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import { realmNumber } from "../oidc/lookup.ts";
import { realmSigningKey } from "../oidc/keys.ts";

export const CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/** How the broker authenticates to the provider's token endpoint: extra form fields and headers. */
export interface TokenRequestAuthentication {
  form: Record<string, string>;
  headers: Record<string, string>;
}

type Config = Record<string, string | undefined>;

/** The client assertion Keycloak sends: iss = sub = client id, the audience, a fresh jti, expiry after the access-code lifespan. */
async function signedAssertion(
  realm: RealmRecord,
  config: Config,
  tokenUrl: string,
  sign: (jwt: SignJWT) => Promise<string>,
) {
  const clientId = config.clientId ?? "";
  const issuedAt = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({})
    .setJti(randomUUID())
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(config.clientAssertionAudience?.trim() || tokenUrl)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + realmNumber(realm, "accessCodeLifespan", 60));
  return sign(jwt);
}

/** JWT signed with the client secret (HS256 unless the provider's config names another HMAC algorithm). */
function secretAssertion(realm: RealmRecord, config: Config, tokenUrl: string) {
  const requested = config.clientAssertionSigningAlg ?? "";
  const alg = /^HS(256|384|512)$/.test(requested) ? requested : "HS256";
  const secret = createSecretKey(Buffer.from(config.clientSecret ?? "", "utf8"));
  return signedAssertion(realm, config, tokenUrl, (jwt) => jwt.setProtectedHeader({ alg, typ: "JWT" }).sign(secret));
}

/** JWT signed with the realm's private key for the configured algorithm (RS256 when none), by kid or by x5t. */
async function privateKeyAssertion(server: ServerContext, realm: RealmRecord, config: Config, tokenUrl: string) {
  const key = await realmSigningKey(server, realm, config.clientAssertionSigningAlg || "RS256");
  const header: JWTHeaderParameters = { alg: key.algorithm, typ: "JWT" };
  if (config.jwtX509HeadersEnabled === "true" && key.certificate) {
    const der = new X509Certificate(Buffer.from(key.certificate, "base64")).raw;
    header.x5t = createHash("sha1").update(der).digest("base64url");
  } else {
    header.kid = key.kid;
  }
  return signedAssertion(realm, config, tokenUrl, (jwt) => jwt.setProtectedHeader(header).sign(key.privateKey));
}

/**
 * The token request's client authentication per `clientAuthMethod`, as Keycloak's broker sends it:
 * client_secret_post (the default), client_secret_basic (URL-encoded parts), client_secret_basic_unencoded,
 * client_secret_jwt and private_key_jwt (client_assertion with its type, and the client id in the form).
 */
export async function tokenRequestAuthentication(
  server: ServerContext,
  realm: RealmRecord,
  config: Config,
  tokenUrl: string,
): Promise<TokenRequestAuthentication> {
  const clientId = config.clientId ?? "";
  const secret = config.clientSecret ?? "";
  switch (config.clientAuthMethod) {
    case "client_secret_basic":
    case "client_secret_basic_unencoded": {
      const encode = config.clientAuthMethod === "client_secret_basic" ? encodeURIComponent : (s: string) => s;
      const credentials = Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString("base64");
      return { form: {}, headers: { authorization: `Basic ${credentials}` } };
    }
    case "client_secret_jwt":
      return {
        form: {
          client_id: clientId,
          client_assertion_type: CLIENT_ASSERTION_TYPE,
          client_assertion: await secretAssertion(realm, config, tokenUrl),
        },
        headers: {},
      };
    case "private_key_jwt":
      return {
        form: {
          client_id: clientId,
          client_assertion_type: CLIENT_ASSERTION_TYPE,
          client_assertion: await privateKeyAssertion(server, realm, config, tokenUrl),
        },
        headers: {},
      };
    default:
      return { form: { client_id: clientId, ...(secret ? { client_secret: secret } : {}) }, headers: {} };
  }
}
