import { isValidCodeVerifier, pkceChallengeMatches } from "../../oidc/pkce.ts";
import type { Executor, PolicyContext } from "../types.ts";
import { ClientPolicyError, configFlag } from "../types.ts";
import { attributesOf, invalidClientMetadata } from "./client-metadata.ts";

const PKCE_ATTRIBUTE = "pkce.code.challenge.method";
const refuse = (description: string) => new ClientPolicyError("invalid_request", description);

function checkAuthorizationRequest(ctx: PolicyContext): void {
  const { codeChallenge, codeChallengeMethod } = ctx.authorization ?? {};
  const configured = (ctx.client?.rep.attributes as Record<string, unknown> | undefined)?.[PKCE_ATTRIBUTE];
  if (codeChallengeMethod === undefined) throw refuse("Missing parameter: code_challenge_method");
  if (codeChallengeMethod !== "S256") throw refuse("Invalid parameter: invalid code_challenge_method");
  if (typeof configured === "string" && configured !== "" && configured !== codeChallengeMethod)
    throw refuse("Invalid parameter: code challenge method is not configured one");
  if (codeChallenge === undefined) throw refuse("Missing parameter: code_challenge");
  if (!/^[0-9a-zA-Z\-.~_]{43,128}$/.test(codeChallenge)) throw refuse("Invalid parameter: code_challenge");
}

function checkTokenRequest(ctx: PolicyContext): void {
  const verifier = ctx.token?.params.code_verifier;
  if (verifier === undefined) throw new ClientPolicyError("code_verifier_missing", "PKCE code verifier not specified");
  if (!isValidCodeVerifier(verifier))
    throw new ClientPolicyError("invalid_code_verifier", "PKCE invalid code verifier");
  const challenge = ctx.token?.codeChallenge ?? "";
  if (!pkceChallengeMatches(ctx.token?.codeChallengeMethod, challenge, verifier))
    throw new ClientPolicyError("pkce_verification_failed", "PKCE verification failed");
}

/** PKCE with S256 on every authorization code flow; `auto-configure` sets the client's PKCE method to S256. */
export const pkceEnforcer: Executor = (ctx, config) => {
  if (ctx.event === "REGISTER" || ctx.event === "UPDATE") {
    const rep = ctx.proposed!;
    if (configFlag(config, "auto-configure")) attributesOf(rep)[PKCE_ATTRIBUTE] = "S256";
    const method = (rep.attributes as Record<string, unknown> | undefined)?.[PKCE_ATTRIBUTE];
    if (method !== "S256") throw invalidClientMetadata("Invalid client metadata: code_challenge_method");
  } else if (ctx.event === "AUTHORIZATION_REQUEST") checkAuthorizationRequest(ctx);
  else if (ctx.event === "TOKEN_REQUEST") checkTokenRequest(ctx);
};
