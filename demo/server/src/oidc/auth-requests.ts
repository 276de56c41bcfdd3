import { randomBytes, randomUUID } from "node:crypto";
import { now } from "../common/ids.ts";

/** A validated authorization request waiting for the user to sign in (Keycloak's authentication session). */
export interface AuthRequest {
  tabId: string;
  realmId: string;
  /** A SAML client's login (IdP-initiated SSO): answered by a signed SAML Response posted to `redirectUri`. */
  protocol?: "saml";
  /** The RelayState that SAML Response carries (the AuthnRequest's, or the client's "IDP-Initiated SSO Relay State"). */
  samlRelayState?: string;
  /** An SP-initiated SAML login: the AuthnRequest answered, the NameID format and the binding of the Response. */
  saml?: SamlRequestNotes;
  clientId: string;
  redirectUri: string;
  /** The request sent no redirect_uri: `redirectUri` is the client's only one, which the token request need not name. */
  redirectUriImplied?: boolean;
  responseMode: ResponseMode;
  scope: string;
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  /** RFC 9449 `dpop_jkt`: the code may only be exchanged with a DPoP proof of this key. */
  dpopJkt?: string;
  loginHint?: string;
  /** The client's `max_age`, passed on by a broker whose "Pass max_age" is on. */
  maxAge?: string;
  /** The client's other request parameters, for a broker's "Forwarded query parameters" (Keycloak's client notes). */
  forwardable?: Record<string, string>;
  /** The pushed authorization request (RFC 9126) this login came from: it ends when the login completes. */
  parRequestUri?: string;
  /** A device login (RFC 8628): the user code it verifies; it ends on the consent screen instead of a redirect. */
  deviceUserCode?: string;
  /** Keycloak's root authentication session id (`code_id` of the login's events), the id of the session it starts. */
  codeId?: string;
  /** The user the flow has identified so far (Keycloak's authenticated user of the authentication session). */
  authenticatedUserId?: string;
  rememberMe?: boolean;
  /** The browser flow's progress: execution statuses, credentials used, actions this login added. */
  login: LoginProgress;
  expires: number;
}

export interface SamlRequestNotes {
  /** The AuthnRequest's ID (the Response's InResponseTo). */
  requestId: string;
  /** The NameID format the login's Response uses. */
  nameIdFormat: string;
  /** How the Response reaches the assertion consumer: an auto-posted form or a redirect. */
  binding: "post" | "redirect";
}

export type ResponseMode = "query" | "fragment" | "form_post";

export type ExecutionStatus =
  "SUCCESS" | "ATTEMPTED" | "SETUP_REQUIRED" | "CHALLENGED" | "EVALUATED_TRUE" | "EVALUATED_FALSE";

/** A brokered login's identity, as Keycloak's events carry it. */
export interface BrokeredIdentity {
  /** The provider's alias (`identity_provider`). */
  alias: string;
  /** The user's name at the provider (`identity_provider_identity`). */
  identity: string;
  /** `identity_provider_broker_session_id`: the alias and the provider's session (OIDC `sid`, SAML SessionIndex). */
  sessionId?: string;
  /** The login went through the first broker login flow: its LOGIN names no redirect URI, as Keycloak's. */
  firstLogin?: boolean;
  /** The login went through the provider's post login flow: its LOGIN names no redirect URI either. */
  postLogin?: boolean;
}

export interface LoginProgress {
  status: Record<string, ExecutionStatus>;
  /** The SSO session the cookie authenticator found (reused instead of starting a new one). */
  ssoSessionId?: string;
  /** The last required action the user completed in this login (its details go on the LOGIN event, as Keycloak's). */
  requiredActionDone?: string;
  /** Credential types the user proved in this login (password, otp). */
  usedCredentials: string[];
  /** Required actions this login asks for without storing them on the user (credential setup, expired password). */
  sessionActions: string[];
  prompts: string[];
  idpHint?: string;
  /** Identity-first login: the name typed on the username page when no user has it (the password step shows it). */
  attemptedUsername?: string;
  /** prompt=none sent on to an identity provider: a page its answer would need goes back as interaction_required. */
  forwardedPassive?: boolean;
  /** CONFIGURE_TOTP: the secret shown to the user until a code confirms it. */
  otpSecret?: string;
  /** CONFIGURE_RECOVERY_AUTHN_CODES: the codes shown (and when) until "Complete setup" saves them. */
  recoveryCodes?: { codes: string[]; at: number };
  /** VERIFY_EMAIL: the address a link was last sent to. */
  verificationSentTo?: string;
  /** An execute-actions link: the login ends on "Your account has been updated." once the actions are done. */
  endAfterRequiredActions?: boolean;
  /** Where that page's "Back to Application" link goes (the link's redirect_uri). */
  pageRedirectUri?: string;
  /** `kc_action`: the action the client asked for, still to run. */
  kcAction?: string;
  /** How the client's action ended (sent back as kc_action_status), and which one it was. */
  kcActionStatus?: "success" | "cancelled" | "error";
  kcActionDone?: string;
  /** Notes the new user session starts with (a brokered login's provider and SAML subject). */
  sessionNotes?: Record<string, string>;
  /** The identity provider this login came through: its events name the provider and the identity there. */
  brokered?: BrokeredIdentity;
}

const pending = new Map<string, AuthRequest>();

export function saveAuthRequest(
  request: Omit<AuthRequest, "tabId" | "expires" | "login">,
  lifespanSeconds: number,
  prompts: string[] = [],
  idpHint?: string,
): AuthRequest {
  const at = now();
  for (const [id, old] of pending) if (old.expires < at) pending.delete(id);
  const saved: AuthRequest = {
    ...request,
    login: { status: {}, usedCredentials: [], sessionActions: [], prompts, idpHint },
    tabId: randomBytes(16).toString("base64url"),
    expires: at + lifespanSeconds * 1000,
  };
  pending.set(saved.tabId, saved);
  return saved;
}

/** The login's `code_id`, made when an event first needs it; the user session the login starts takes it as its id. */
export function loginCodeId(request: AuthRequest): string {
  request.codeId ??= randomUUID();
  return request.codeId;
}

export function findAuthRequest(tabId: string | undefined, realmId: string): AuthRequest | undefined {
  const request = tabId ? pending.get(tabId) : undefined;
  if (!request || request.realmId !== realmId || request.expires < now()) return undefined;
  return request;
}

export function dropAuthRequest(tabId: string): void {
  pending.delete(tabId);
}
