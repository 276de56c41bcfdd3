import type { IdentityProviderRecord } from "../store/types.ts";
import { type BrokeredIdentity, loginCodeId } from "../oidc/auth-requests.ts";
import { recordEvent } from "../events/record.ts";
import type { LoginContext } from "../oidc/login/login-context.ts";
import type { Claims } from "./mappers.ts";
import { SAML_SUBJECT_CLAIM, type SamlSubject } from "./saml-broker.ts";

/** The user's name at the provider: the name its link keeps (preferred username, else email, else subject). */
export const brokerUsernameOf = (claims: Claims) =>
  String(claims.preferred_username ?? claims.email ?? claims.sub ?? "");

/** The identity a provider's answer names, with the provider's session (OIDC `sid`, SAML SessionIndex) when it has one. */
export function brokeredIdentity(idp: IdentityProviderRecord, claims: Claims): BrokeredIdentity {
  const saml = claims[SAML_SUBJECT_CLAIM] as SamlSubject | undefined;
  const session = saml ? saml.sessionIndex : typeof claims.sid === "string" ? claims.sid : undefined;
  return {
    alias: idp.alias,
    identity: brokerUsernameOf(claims),
    ...(session ? { sessionId: `${idp.alias}.${session}` } : {}),
  };
}

/** The details Keycloak's broker events carry: the provider, the identity there and the provider's session. */
export function brokerDetails(brokered: BrokeredIdentity): Record<string, string> {
  return {
    identity_provider: brokered.alias,
    identity_provider_identity: brokered.identity,
    ...(brokered.sessionId ? { identity_provider_broker_session_id: brokered.sessionId } : {}),
  };
}

/** What a request into the first broker login flow records instead of IDENTITY_PROVIDER_FIRST_LOGIN (a review). */
export interface FlowRequestEvent {
  type: string;
  details: Record<string, string>;
  error?: string;
  userId?: string;
}

/**
 * The event of one request into the first broker login flow, as Keycloak 26.7.3 saves it once the flow ran (shown a
 * page or ended): IDENTITY_PROVIDER_FIRST_LOGIN, or what a step made of it (a review's UPDATE_PROFILE, even when the
 * review was refused; a failed re-authentication's error). The user is not named: the flow has not finished. `code_id`
 * is the id the login's user session will take.
 */
export async function recordFirstLoginRequest(
  ctx: LoginContext,
  brokered: BrokeredIdentity,
  stepEvent?: FlowRequestEvent,
) {
  await recordEvent(ctx.server, ctx.realm, {
    type: stepEvent?.type ?? "IDENTITY_PROVIDER_FIRST_LOGIN",
    clientId: ctx.client.clientId,
    userId: stepEvent?.userId,
    ipAddress: ctx.req.ip,
    error: stepEvent?.error,
    details: {
      auth_method: "openid-connect",
      redirect_uri: ctx.request.redirectUri,
      ...brokerDetails(brokered),
      code_id: loginCodeId(ctx.request),
      ...stepEvent?.details,
    },
  });
}
