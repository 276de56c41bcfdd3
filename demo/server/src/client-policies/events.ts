import type { FastifyRequest } from "fastify";
import type { AdminRequestContext } from "../access/admin-context.ts";
import type { ServerContext } from "../context.ts";
import { recordEvent } from "../events/record.ts";
import { HttpError } from "../http/errors.ts";
import { dpopHeader } from "../oidc/dpop.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { oauthError } from "../oidc/oauth-error.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { runClientPolicies } from "./engine.ts";
import type {
  AuthorizationRequestParams,
  ClientPolicyEvent,
  PolicyContext,
  PreAuthorizationRequest,
  TokenEffects,
} from "./types.ts";
import { ClientPolicyError } from "./types.ts";

/** The details Keycloak adds to the error event of a request a client policy refused. */
export const refusalDetails = (refusal: ClientPolicyError): Record<string, string> => ({
  reason: "client_policy_error",
  client_policy_error: refusal.error,
  client_policy_error_detail: refusal.description,
});

/**
 * Records the error event of a request a client policy refused: the refusal's error, its details (Keycloak's reason,
 * client_policy_error and client_policy_error_detail) and the event's own.
 */
export function recordPolicyRefusal(
  server: ServerContext,
  realm: RealmRecord,
  refusal: ClientPolicyError,
  event: Omit<Parameters<typeof recordEvent>[2], "error">,
): Promise<void> {
  return recordEvent(server, realm, {
    ...event,
    error: refusal.error,
    details: { ...refusalDetails(refusal), ...event.details },
  });
}

async function asHttpError(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ClientPolicyError)
      throw new HttpError(error.status, { error: error.error, error_description: error.description });
    throw error;
  }
}

/**
 * A client created (REGISTER) or updated (UPDATE, `client` given) through the admin API: the executors may augment
 * `rep` (the body about to be stored) or refuse it, before anything is stored.
 */
export async function onAdminClientChange(
  server: ServerContext,
  admin: AdminRequestContext,
  req: FastifyRequest,
  rep: Record<string, unknown>,
  client?: ClientRecord,
): Promise<void> {
  await asHttpError(() =>
    runClientPolicies({
      server,
      realm: admin.realm,
      event: client ? "UPDATE" : "REGISTER",
      client,
      proposed: rep,
      updater: { source: "ByAuthenticatedUser", user: admin.user, ipAddress: admin.ipAddress },
      requestUrl: frontendUrl(server, req),
    }),
  );
}

/** Runs the policies for one event: the refusal, or undefined when they let the request through. */
export async function runClientPolicyCheck(ctx: PolicyContext): Promise<ClientPolicyError | undefined> {
  try {
    await runClientPolicies(ctx);
    return undefined;
  } catch (error) {
    if (error instanceof ClientPolicyError) return error;
    throw error;
  }
}

/** PRE_AUTHORIZATION_REQUEST: the refusal, or undefined when the policies let the request on to its checks. */
export const onPreAuthorizationRequest = (
  server: ServerContext,
  realm: RealmRecord,
  preAuthorization: PreAuthorizationRequest,
) => runClientPolicyCheck({ server, realm, event: "PRE_AUTHORIZATION_REQUEST", preAuthorization });

/** PUSHED_AUTHORIZATION_REQUEST: the refusal, or undefined when the policies let the push on to its checks. */
export const onPushedAuthorizationRequest = (
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  pushed: Record<string, string>,
) => runClientPolicyCheck({ server, realm, event: "PUSHED_AUTHORIZATION_REQUEST", client, pushed });

/** AUTHORIZATION_REQUEST: the refusal to send back to the client, or undefined when the policies let it through. */
export const onAuthorizationRequest = (
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  authorization: AuthorizationRequestParams,
) => runClientPolicyCheck({ server, realm, event: "AUTHORIZATION_REQUEST", client, authorization });

export interface TokenRequest {
  event: Extract<
    ClientPolicyEvent,
    "TOKEN_REQUEST" | "TOKEN_REFRESH" | "RESOURCE_OWNER_PASSWORD_CREDENTIALS_REQUEST" | "SERVICE_ACCOUNT_TOKEN_REQUEST"
  >;
  /** The grant's event type (LOGIN, CODE_TO_TOKEN, ...): a refusal records it with _ERROR; none, nothing recorded. */
  eventType?: string;
  params: Record<string, string | undefined>;
  scope?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  /** Details the grant's error event carries besides the refusal's. */
  details?: Record<string, string>;
  userId?: string;
  sessionId?: string;
}

/** A token request: a refusal records the grant's error event and answers the OAuth error. */
export async function onTokenRequest(
  server: ServerContext,
  realm: RealmRecord,
  client: ClientRecord,
  req: FastifyRequest,
  request: TokenRequest,
): Promise<TokenEffects> {
  const { event, eventType, params, scope, codeChallenge, codeChallengeMethod } = request;
  const token = { params, scope, codeChallenge, codeChallengeMethod, dpopProofSent: dpopHeader(req) !== undefined };
  const effects: TokenEffects = {};
  try {
    await runClientPolicies({ server, realm, event, client, token, effects });
    return effects;
  } catch (error) {
    if (!(error instanceof ClientPolicyError)) throw error;
    if (eventType)
      await recordPolicyRefusal(server, realm, error, {
        type: `${eventType}_ERROR`,
        clientId: client.clientId,
        userId: request.userId,
        sessionId: request.sessionId,
        ipAddress: req.ip,
        details: request.details,
      });
    throw oauthError(error.status, error.error, error.description);
  }
}
