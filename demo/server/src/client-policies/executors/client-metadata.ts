import { ClientPolicyError } from "../types.ts";

/** The refusal of a client registration or update that a profile does not allow. */
export const invalidClientMetadata = (description: string) =>
  new ClientPolicyError("invalid_client_metadata", description);

/** The representation's attributes, created on it when absent so an executor can set one. */
export function attributesOf(rep: Record<string, unknown>): Record<string, unknown> {
  if (!rep.attributes || typeof rep.attributes !== "object") rep.attributes = {};
  return rep.attributes as Record<string, unknown>;
}
