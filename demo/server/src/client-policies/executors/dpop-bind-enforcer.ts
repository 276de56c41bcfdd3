import type { Executor } from "../types.ts";
import { ClientPolicyError, configFlag } from "../types.ts";
import { attributesOf, invalidClientMetadata } from "./client-metadata.ts";

const DPOP_ATTRIBUTE = "dpop.bound.access.tokens";
const missingProof = () => new ClientPolicyError("invalid_dpop_proof", "DPoP proof is missing");

/** Tokens bound to a DPoP key: the client must require DPoP (`auto-configure` sets it), token requests send a proof. */
export const dpopBindEnforcer: Executor = (ctx, config) => {
  if (ctx.event === "REGISTER" || ctx.event === "UPDATE") {
    const rep = ctx.proposed!;
    if (configFlag(config, "auto-configure")) attributesOf(rep)[DPOP_ATTRIBUTE] = "true";
    const value = (rep.attributes as Record<string, unknown> | undefined)?.[DPOP_ATTRIBUTE];
    if (value !== "true" && value !== true)
      throw invalidClientMetadata("Invalid client metadata: DPoP token is disabled");
  } else if (ctx.event === "TOKEN_REQUEST") {
    // The code exchange only: Keycloak 26.7.3 lets a refresh of a token not bound to a key through without a proof.
    if (!ctx.token?.dpopProofSent) throw missingProof();
  } else if (ctx.event === "TOKEN_REVOKE") {
    // Keycloak 26.7.3 asks revocations for a proof too, whatever the client; it leaves logout alone.
    if (!ctx.dpopProofSent) throw missingProof();
  }
};
