import type { Executor } from "../types.ts";
import { ClientPolicyError } from "../types.ts";

/** Refuses every request its policy applies to (Keycloak's reject-request): what to refuse is the conditions' choice. */
export const rejectRequest: Executor = () => {
  throw new ClientPolicyError("invalid_request", "Request not allowed");
};
