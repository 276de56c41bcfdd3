import type { Executor } from "../types.ts";
import { ClientPolicyError } from "../types.ts";

const isOpenIdRequest = (scope: string | undefined) => (scope ?? "").split(" ").includes("openid");

/** An OpenID Connect authorization request must carry a nonce, any other a state (Keycloak's secure-session). */
export const secureSession: Executor = (ctx) => {
  if (ctx.event !== "AUTHORIZATION_REQUEST") return;
  const { scope, nonce, state } = ctx.authorization ?? {};
  if (isOpenIdRequest(scope)) {
    if (nonce === undefined) throw new ClientPolicyError("invalid_request", "Missing parameter: nonce");
  } else if (state === undefined) throw new ClientPolicyError("invalid_request", "Missing parameter: state");
};
