import { REQUEST_URI_PREFIX } from "../../oidc/par.ts";
import type { Executor } from "../types.ts";
import { ClientPolicyError } from "../types.ts";

/**
 * Authorization requests come through pushed requests only, as Keycloak 26.7.3's secure-par-content: a push must name
 * its redirect_uri; an authorization request must name a live pushed request and send nothing it did not push (such a
 * request also ends the pushed one).
 */
export const secureParContent: Executor = (ctx) => {
  if (ctx.event === "PUSHED_AUTHORIZATION_REQUEST") {
    if (ctx.pushed?.redirect_uri === undefined)
      throw new ClientPolicyError("invalid_request", "PAR is required to have a 'redirect_uri' parameter");
    return;
  }
  if (ctx.event !== "PRE_AUTHORIZATION_REQUEST" || !ctx.preAuthorization) return;
  const { params, pushedParams, forgetPushed } = ctx.preAuthorization;
  const requestUri = params.request_uri;
  if (!requestUri?.startsWith(REQUEST_URI_PREFIX))
    throw new ClientPolicyError("invalid_request", "PAR request_uri not included.");
  const pushed = pushedParams(requestUri);
  if (!pushed) throw new ClientPolicyError("invalid_request_uri", "PAR not found, not issued or used multiple times.");
  const unpushed = Object.keys(params).filter((name) => name !== "request_uri" && !(name in pushed));
  if (unpushed.length > 0) {
    forgetPushed(requestUri);
    throw new ClientPolicyError("invalid_request_object", "PAR request did not include query parameter");
  }
};
