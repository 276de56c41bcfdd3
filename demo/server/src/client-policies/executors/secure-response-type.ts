import type { Executor } from "../types.ts";
import { ClientPolicyError, configFlag } from "../types.ts";
import { attributesOf, invalidClientMetadata } from "./client-metadata.ts";

const DETACHED = "id.token.as.detached.signature";

/**
 * Authorization requests use `code id_token` (with `token` only when allowed) or `code` with response_mode=jwt;
 * clients must return the ID token as a detached signature (`auto-configure` turns it on).
 */
export const secureResponseType: Executor = (ctx, config) => {
  if (ctx.event === "REGISTER" || ctx.event === "UPDATE") {
    const rep = ctx.proposed!;
    if (configFlag(config, "auto-configure")) attributesOf(rep)[DETACHED] = "true";
    const detached = (rep.attributes as Record<string, unknown> | undefined)?.[DETACHED];
    if (detached !== "true" && detached !== true)
      throw invalidClientMetadata("Invalid client metadata: ID Token as detached signature in disabled");
  } else if (ctx.event === "AUTHORIZATION_REQUEST") {
    const types = (ctx.authorization?.responseType ?? "").split(" ");
    if (types.includes("code") && types.includes("id_token")) {
      if (!types.includes("token") || configFlag(config, "allow-token-response-type")) return;
    }
    const mode = ctx.authorization?.responseMode;
    if (mode !== undefined && types.length === 1 && types[0] === "code" && mode.toLowerCase() === "jwt") return;
    throw new ClientPolicyError("invalid_request", "invalid response_type");
  }
};
