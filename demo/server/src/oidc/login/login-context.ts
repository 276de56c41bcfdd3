import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { AuthExecutionRecord, ClientRecord, RealmRecord, UserRecord } from "../../store/types.ts";
import type { AuthRequest } from "../auth-requests.ts";

/** One request's view of a browser login in progress. */
export interface LoginContext {
  server: ServerContext;
  req: FastifyRequest;
  reply: FastifyReply;
  realm: RealmRecord;
  client: ClientRecord;
  request: AuthRequest;
  /** Where a step's form posts when the flow is not the browser flow (first broker login's own endpoint). */
  stepUrl?: (executionId: string) => string;
  /** The steps the running flow may hold when it is not the browser flow (conditions look their setup up here). */
  authenticators?: Record<string, Authenticator>;
}

export type Form = Record<string, string | undefined>;

/** What an authenticator's step ends in (Keycloak's success, attempted, challenge and failure). */
export type Outcome =
  | { type: "success" }
  | { type: "attempted" }
  | { type: "challenge"; send: () => FastifyReply | Promise<FastifyReply> }
  | { type: "failure"; message: string };

export const success: Outcome = { type: "success" };
export const attempted: Outcome = { type: "attempted" };
export const challenge = (send: () => FastifyReply | Promise<FastifyReply>): Outcome => ({ type: "challenge", send });

export interface Authenticator {
  /** Runs only once an earlier step identified the user. */
  requiresUser: boolean;
  /** Whether the user has what this step checks (an OTP credential); defaults to true. */
  configuredFor?(ctx: LoginContext, user: UserRecord): boolean;
  /** The required action that sets this step up for a user who lacks it (CONFIGURE_TOTP). */
  setupAction?: string;
  authenticate(ctx: LoginContext, execution: AuthExecutionRecord): Promise<Outcome> | Outcome;
  /** The step's form posted back. */
  action?(ctx: LoginContext, execution: AuthExecutionRecord, form: Form): Promise<Outcome> | Outcome;
}

export interface Condition {
  matches(ctx: LoginContext, execution: AuthExecutionRecord): boolean;
}

/** An execution this server cannot run: the login ends on an error page naming it. */
export class UnsupportedStep extends Error {}
/** A failure that ends the login on the error page with this message. */
export class FlowFailure extends Error {}

export function currentUser(ctx: LoginContext): UserRecord | undefined {
  const id = ctx.request.authenticatedUserId;
  const user = id ? ctx.server.db.get("users", id) : undefined;
  return user && user.realmId === ctx.realm.id ? user : undefined;
}

export function setUser(ctx: LoginContext, user: UserRecord): void {
  ctx.request.authenticatedUserId = user.id;
}

/** The URL a step's form posts to. */
export function executionUrl(ctx: LoginContext, executionId: string): string {
  if (ctx.stepUrl) return ctx.stepUrl(executionId);
  const query = new URLSearchParams({
    client_id: ctx.client.clientId,
    tab_id: ctx.request.tabId,
    execution: executionId,
  });
  return `/realms/${encodeURIComponent(ctx.realm.realm)}/login-actions/authenticate?${query}`;
}

/** The URL a required action's form posts to. */
export function requiredActionUrl(ctx: LoginContext, alias: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    execution: alias,
    client_id: ctx.client.clientId,
    tab_id: ctx.request.tabId,
    ...extra,
  });
  return `/realms/${encodeURIComponent(ctx.realm.realm)}/login-actions/required-action?${query}`;
}
