import type { Executor } from "../types.ts";
import { ClientPolicyError } from "../types.ts";
import { attributesOf } from "./client-metadata.ts";

/** The client attributes naming a signature algorithm that the executor checks and fills. */
const ALGORITHM_ATTRIBUTES = [
  "user.info.response.signature.alg",
  "request.object.signature.alg",
  "id.token.signed.response.alg",
  "token.endpoint.auth.signing.alg",
  "access.token.signed.response.alg",
];
const SECURE = new Set(["PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"]);

/**
 * Clients sign and have their tokens signed only with PS or ES algorithms (or EdDSA): an algorithm left unset gets
 * `default-algorithm` (PS256 when not configured), any other refuses the registration or update.
 */
export const secureSignatureAlgorithm: Executor = (ctx, config) => {
  if (ctx.event !== "REGISTER" && ctx.event !== "UPDATE") return;
  const attributes = attributesOf(ctx.proposed!);
  const fallback = typeof config["default-algorithm"] === "string" ? config["default-algorithm"] : "PS256";
  for (const name of ALGORITHM_ATTRIBUTES) {
    const value = attributes[name];
    if (value === undefined || value === null || value === "") attributes[name] = fallback;
    else if (!SECURE.has(String(value)))
      throw new ClientPolicyError("invalid_request", "not allowed signature algorithm.");
  }
};
