import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord, UserRecord } from "../store/types.ts";

/** The points where Keycloak's client policies run, by Keycloak's event names. */
export type ClientPolicyEvent =
  | "REGISTER"
  | "UPDATE"
  | "PRE_AUTHORIZATION_REQUEST"
  | "AUTHORIZATION_REQUEST"
  | "PUSHED_AUTHORIZATION_REQUEST"
  | "TOKEN_REQUEST"
  | "TOKEN_REFRESH"
  | "RESOURCE_OWNER_PASSWORD_CREDENTIALS_REQUEST"
  | "SERVICE_ACCOUNT_TOKEN_REQUEST"
  | "TOKEN_REVOKE"
  | "TOKEN_INTROSPECT"
  | "LOGOUT_REQUEST";

/** Who registers or updates a client, as Keycloak's client-updater-context condition names it. */
export type UpdaterSource =
  "ByAuthenticatedUser" | "ByAnonymous" | "ByInitialAccessToken" | "ByRegistrationAccessToken";

/** An authorization request before anything of it is checked (Keycloak's PRE_AUTHORIZATION_REQUEST). */
export interface PreAuthorizationRequest {
  /** Its client_id parameter. */
  clientId?: string;
  /** The parameters as sent. */
  params: Record<string, string | undefined>;
  /** The pushed request a request_uri names, while it lives. */
  pushedParams: (requestUri: string) => Record<string, string> | undefined;
  /** Ends that pushed request. */
  forgetPushed: (requestUri: string) => void;
}

/** The authorization request as the client sent it. */
export interface AuthorizationRequestParams {
  responseType: string;
  responseMode?: string;
  redirectUri?: string;
  scope?: string;
  nonce?: string;
  state?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  /** Its acr_values and claims parameters (the acr-condition reads the ACR values they ask for). */
  acrValues?: string;
  claims?: string;
}

/** What a condition or executor sees of the request being checked. */
export interface PolicyContext {
  server: ServerContext;
  realm: RealmRecord;
  event: ClientPolicyEvent;
  /** The client the request is for; on REGISTER there is none yet. */
  client?: ClientRecord;
  /** REGISTER / UPDATE: the client representation sent; executors may augment it before it is stored. */
  proposed?: Record<string, unknown>;
  /** REGISTER / UPDATE: how the change is made, the signed-in user (if any) and where the request came from. */
  updater?: { source: UpdaterSource; user?: UserRecord; ipAddress: string };
  /**
   * REGISTER / UPDATE: the server's URL as the request addressed it; relative client URIs without a root URL resolve
   * against its origin, as Keycloak resolves them against the request's.
   */
  requestUrl?: string;
  /** PRE_AUTHORIZATION_REQUEST: the authorization request as it arrived, before its client is looked at. */
  preAuthorization?: PreAuthorizationRequest;
  /** PUSHED_AUTHORIZATION_REQUEST: the parameters pushed, as the authorization request will use them. */
  pushed?: Record<string, string>;
  /** AUTHORIZATION_REQUEST: the request's parameters. */
  authorization?: AuthorizationRequestParams;
  /** Token requests: the form sent, with what the authorization code remembers of its request. */
  token?: {
    params: Record<string, string | undefined>;
    scope?: string;
    codeChallenge?: string;
    codeChallengeMethod?: string;
    /** A DPoP header came with the request. */
    dpopProofSent?: boolean;
  };
  /** Token requests: what executors ask of the response, read by the grant once the policies let it through. */
  effects?: TokenEffects;
  /** UPDATE through dynamic client registration: what executors ask of its answer. */
  registration?: RegistrationEffects;
  /** TOKEN_REVOKE, TOKEN_INTROSPECT, LOGOUT_REQUEST: a DPoP header came with the request. */
  dpopProofSent?: boolean;
}

/** Changes executors make to a token response. */
export interface TokenEffects {
  /** A refresh answers without a new refresh token (suppress-refresh-token-rotation). */
  suppressRefreshToken?: boolean;
  /** The access token is a lightweight one (use-lightweight-access-token). */
  lightweightAccessToken?: boolean;
}

/** Changes executors make to a dynamic client registration update's answer. */
export interface RegistrationEffects {
  /** The registration access token used stays valid and comes back instead of a new one. */
  keepRegistrationAccessToken?: boolean;
}

export type Vote = "YES" | "NO" | "ABSTAIN";

/** A condition's or executor's configuration as stored in the realm's policies and profiles. */
export type PolicyConfig = Record<string, unknown>;

export type Condition = (ctx: PolicyContext, config: PolicyConfig) => Vote | Promise<Vote>;
export type Executor = (ctx: PolicyContext, config: PolicyConfig) => void | Promise<void>;

/** An executor's refusal: Keycloak's ClientPolicyException (error code, description, HTTP status). */
export class ClientPolicyError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

/** A configuration value that Keycloak reads as a boolean (stored as true or "true"). */
export const configFlag = (config: PolicyConfig, key: string): boolean =>
  config[key] === true || config[key] === "true";

/** A configuration value that Keycloak reads as a list (a single string counts as one item). */
export function configList(config: PolicyConfig, key: string): string[] | undefined {
  const value = config[key];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
}
