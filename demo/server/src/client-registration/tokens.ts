import { compactVerify, decodeProtectedHeader, SignJWT, type JWTPayload } from "jose";
import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import { realmSigningKey, realmVerificationKeys } from "../oidc/keys.ts";
import { newId } from "../common/ids.ts";

export const INITIAL_ACCESS_TOKEN = "InitialAccessToken";
export const REGISTRATION_ACCESS_TOKEN = "RegistrationAccessToken";
const ACCEPTED_TYPES = ["Bearer", INITIAL_ACCESS_TOKEN, REGISTRATION_ACCESS_TOKEN];

/** Who registered a client, as Keycloak's RegistrationAuth: it selects the policies that govern later changes. */
export type RegistrationAuth = "anonymous" | "authenticated";

export type RegistrationTokenPayload = JWTPayload & {
  typ?: string;
  azp?: string;
  registration_auth?: string;
  resource_access?: Record<string, { roles?: string[] }>;
};

/**
 * A new registration access token for a client, as Keycloak's: a JWT of type RegistrationAccessToken signed with the
 * realm's HMAC key, its jti the id the client keeps (one valid token per client), issued by and for the realm, with
 * no expiry (exp 0), and naming how the client was registered.
 */
export async function newRegistrationAccessToken(
  server: ServerContext,
  realm: RealmRecord,
  issuer: string,
  auth: RegistrationAuth,
): Promise<{ id: string; token: string }> {
  const key = await realmSigningKey(server, realm, "HS512");
  const id = newId();
  const token = await new SignJWT({
    exp: 0,
    iat: Math.floor(Date.now() / 1000),
    jti: id,
    iss: issuer,
    aud: issuer,
    typ: REGISTRATION_ACCESS_TOKEN,
    registration_auth: auth,
  })
    .setProtectedHeader({ alg: key.algorithm, typ: "JWT", kid: key.kid })
    .sign(key.privateKey);
  return { id, token };
}

/**
 * Keycloak's check of a token sent to the registration endpoints: signed by one of the realm's keys, issued by the
 * realm, active (exp 0 never expires), and of the type Bearer, InitialAccessToken or RegistrationAccessToken.
 * Undefined for any other token.
 */
export async function verifyRegistrationToken(
  server: ServerContext,
  realm: RealmRecord,
  issuer: string,
  token: string,
): Promise<RegistrationTokenPayload | undefined> {
  try {
    const { kid } = decodeProtectedHeader(token);
    const key = (await realmVerificationKeys(server, realm)).find((k) => k.kid === kid);
    if (!key) return undefined;
    const { payload } = await compactVerify(token, key.verifyKey, { algorithms: [key.algorithm] });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as RegistrationTokenPayload;
    const now = Math.floor(Date.now() / 1000);
    if (claims.iss !== issuer) return undefined;
    if (typeof claims.exp === "number" && claims.exp !== 0 && claims.exp < now) return undefined;
    if (typeof claims.nbf === "number" && claims.nbf > now) return undefined;
    if (!ACCEPTED_TYPES.includes(claims.typ ?? "")) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}
