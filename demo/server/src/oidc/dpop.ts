import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import {
  calculateJwkThumbprint,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from "jose";
import type { ServerContext } from "../context.ts";
import type { ClientRecord } from "../store/types.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { clientAttribute } from "./lookup.ts";

// RFC 9449 proofs as Keycloak 26.7.3 checks them (its DPoPUtil): the messages below are its error descriptions.

/** The asymmetric signature algorithms of Keycloak 26.7.3, in the order its discovery lists them. */
export const DPOP_ALGORITHMS = [
  "PS384",
  "RS384",
  "EdDSA",
  "ES384",
  "ES256",
  "RS256",
  "ES512",
  "PS256",
  "PS512",
  "RS512",
];

/** The client switch "Require DPoP bound tokens". */
export const DPOP_BOUND_ACCESS_TOKENS = "dpop.bound.access.tokens";
export const DPOP_SCHEME = "DPoP";

/** Keycloak accepts a proof issued up to 10 s ago, with 15 s of clock skew either way. */
const PROOF_LIFETIME_S = 10;
const CLOCK_SKEW_S = 15;

/** Private JWK members: a proof's key must not carry them. */
const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"];

export class DpopError extends Error {}

export const requiresDpop = (client: ClientRecord | undefined) =>
  client !== undefined && clientAttribute(client, DPOP_BOUND_ACCESS_TOKENS) === "true";

/** The binding a token carries: Keycloak adds its own `kc-jkt-type`. */
export const dpopConfirmation = (jkt: string) => ({ jkt, "kc-jkt-type": DPOP_SCHEME });

/** base64url SHA-256 of the access token: a resource request's proof names its token by this `ath`. */
export const accessTokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Proofs seen, by hash of jti and htu, until they could no longer be active (per server). */
const seenProofs = new WeakMap<ServerContext, Map<string, number>>();

function rememberProof(server: ServerContext, jti: string, htu: string, iat: number): boolean {
  let seen = seenProofs.get(server);
  if (!seen) seenProofs.set(server, (seen = new Map()));
  const nowS = Date.now() / 1000;
  for (const [key, until] of seen) if (until < nowS) seen.delete(key);
  const key = createHash("sha1")
    .update(jti + htu)
    .digest("hex");
  if (seen.has(key)) return false;
  seen.set(key, iat + PROOF_LIFETIME_S + CLOCK_SKEW_S);
  return true;
}

/** The request's URL under its frontend URL, without query and fragment: what a proof's htu must name. */
export function requestUri(server: ServerContext, req: FastifyRequest): string {
  return frontendUrl(server, req) + req.url.split("?")[0]!.split("#")[0]!;
}

const normalisedUri = (uri: string) => {
  const url = new URL(uri);
  return `${url.protocol}//${url.host}${url.pathname}`;
};

function header(proof: string): ProtectedHeaderParameters {
  try {
    return decodeProtectedHeader(proof);
  } catch {
    throw new DpopError("DPoP header verification failure");
  }
}

async function proofKey(jwk: JWK | undefined, alg: string) {
  if (!jwk || typeof jwk !== "object") throw new DpopError("No JWK in DPoP header");
  if (!["RSA", "EC", "OKP"].includes(String(jwk.kty))) throw new DpopError("Unsupported key type in DPoP header");
  if (PRIVATE_MEMBERS.some((member) => member in jwk))
    throw new DpopError("Private key material must not be present in DPoP JWK");
  try {
    return await importJWK(jwk, alg);
  } catch {
    throw new DpopError("No public key in DPoP header");
  }
}

/**
 * Checks the `DPoP` header of a request for `htm` and `htu` (and, at a resource, the access token it goes with)
 * and answers the thumbprint of its key. Throws a DpopError with Keycloak's description.
 */
export async function verifyDpopProof(
  server: ServerContext,
  proof: string | undefined,
  request: { method: string; uri: string; accessToken?: string },
): Promise<string> {
  if (!proof || proof.trim() === "") throw new DpopError("DPoP proof is missing");
  const { typ, alg, jwk } = header(proof);
  if (typ !== "dpop+jwt") throw new DpopError(`Invalid or missing type in DPoP header: ${typ ?? null}`);
  if (!alg) throw new DpopError("No alg in DPoP header");
  if (!DPOP_ALGORITHMS.includes(alg)) throw new DpopError(`Unsupported DPoP algorithm: ${alg}`);
  const key = await proofKey(jwk, alg);
  let payload: JWTPayload & { htm?: unknown; htu?: unknown; ath?: unknown };
  try {
    ({ payload } = await jwtVerify(proof, key, { algorithms: [alg], clockTolerance: Number.MAX_SAFE_INTEGER }));
  } catch {
    throw new DpopError(
      "DPoP verification failure: org.keycloak.exceptions.TokenSignatureInvalidException: Invalid token signature",
    );
  }
  const { iat, jti, htm, htu } = payload;
  if (typeof iat !== "number" || !jti || typeof htu !== "string" || !htu || typeof htm !== "string" || !htm)
    throw new DpopError("DPoP mandatory claims are missing");
  let sameUri: boolean;
  try {
    sameUri = normalisedUri(htu) === normalisedUri(request.uri);
  } catch {
    throw new DpopError("Malformed HTTP URL in DPoP proof");
  }
  if (!sameUri) throw new DpopError("DPoP HTTP URL mismatch");
  if (htm !== request.method) throw new DpopError("DPoP HTTP method mismatch");
  const nowS = Math.floor(Date.now() / 1000);
  if (iat > nowS + CLOCK_SKEW_S || iat < nowS - PROOF_LIFETIME_S - CLOCK_SKEW_S)
    throw new DpopError("DPoP proof is not active");
  if (!rememberProof(server, jti, htu, iat)) throw new DpopError("DPoP proof has already been used");
  if (request.accessToken !== undefined) {
    if (typeof payload.ath !== "string") throw new DpopError("No access token hash in DPoP proof");
    if (payload.ath !== accessTokenHash(request.accessToken))
      throw new DpopError("DPoP proof access token hash mismatch");
  }
  return calculateJwkThumbprint(jwk!, "sha256");
}

/** The thumbprints of the keys proven at the token endpoint, for the grant to bind its tokens to. */
const provenKeys = new WeakMap<FastifyRequest, string>();

export const rememberProvenKey = (req: FastifyRequest, jkt: string) => provenKeys.set(req, jkt);
export const provenKey = (req: FastifyRequest) => provenKeys.get(req);

/** The `DPoP` request header (a repeated header counts as none). */
export function dpopHeader(req: FastifyRequest): string | undefined {
  const value = req.headers.dpop;
  return typeof value === "string" ? value : undefined;
}
