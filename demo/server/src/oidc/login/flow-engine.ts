import type { AuthExecutionRecord, AuthFlowRecord } from "../../store/types.ts";
import { AUTHENTICATORS, stepName } from "./authenticators.ts";
import { CONDITIONS, isCondition } from "./conditions.ts";
import { requiredActionEnabled } from "./required-action-list.ts";
import {
  currentUser,
  FlowFailure,
  UnsupportedStep,
  type Authenticator,
  type LoginContext,
  type Outcome,
} from "./login-context.ts";

/** The steps a flow can hold, by provider id: the browser flow's by default. */
export type Authenticators = Record<string, Authenticator>;

export interface FlowResult {
  /** A page to show (challenge) or the failure that ends the login. */
  response?: Outcome;
  successful: boolean;
}

const byPriority = (a: AuthExecutionRecord, b: AuthExecutionRecord) => a.priority - b.priority;

function isDone(ctx: LoginContext, execution: AuthExecutionRecord): boolean {
  const status = ctx.request.login.status[execution.id];
  return status === "SUCCESS" || status === "SETUP_REQUIRED";
}

function subFlow(ctx: LoginContext, execution: AuthExecutionRecord): AuthFlowRecord {
  const flow = execution.flowId ? ctx.server.db.get("authFlows", execution.flowId) : undefined;
  if (!flow || flow.realmId !== ctx.realm.id)
    throw new FlowFailure("The authentication flow refers to a sub-flow that does not exist.");
  return flow;
}

function conditionHolds(ctx: LoginContext, execution: AuthExecutionRecord): boolean {
  const status = ctx.request.login.status;
  if (status[execution.id] === "EVALUATED_TRUE") return true;
  if (status[execution.id] === "EVALUATED_FALSE") return false;
  const condition = CONDITIONS[execution.authenticator ?? ""];
  if (!condition) throw new UnsupportedStep(stepName(execution.authenticator));
  const holds = condition.matches(ctx, execution);
  status[execution.id] = holds ? "EVALUATED_TRUE" : "EVALUATED_FALSE";
  return holds;
}

/** A CONDITIONAL sub-flow counts as absent when it has no enabled condition or one of them does not hold. */
export function conditionalFlowOff(ctx: LoginContext, execution: AuthExecutionRecord): boolean {
  if (!execution.authenticatorFlow || execution.requirement !== "CONDITIONAL") return false;
  const conditions = subFlow(ctx, execution).executions.filter(
    (e) => !e.authenticatorFlow && isCondition(e.authenticator) && e.requirement !== "DISABLED",
  );
  return conditions.length === 0 || conditions.sort(byPriority).some((c) => !conditionHolds(ctx, c));
}

async function processExecution(
  ctx: LoginContext,
  execution: AuthExecutionRecord,
  authenticators: Authenticators,
): Promise<Outcome | undefined> {
  const status = ctx.request.login.status;
  if (execution.authenticatorFlow) {
    if (isDone(ctx, execution)) return undefined;
    const result = await processFlow(ctx, subFlow(ctx, execution), authenticators);
    if (result.response) return result.response;
    if (result.successful) status[execution.id] = "SUCCESS";
    return undefined;
  }
  if (status[execution.id] && status[execution.id] !== "CHALLENGED") return undefined;
  const authenticator = authenticators[execution.authenticator ?? ""];
  if (!authenticator) throw new UnsupportedStep(stepName(execution.authenticator));
  if (authenticator.requiresUser) {
    const user = currentUser(ctx);
    if (!user) throw new FlowFailure("Invalid username or password.");
    if (authenticator.configuredFor && !authenticator.configuredFor(ctx, user)) {
      const setup = authenticator.setupAction;
      if (execution.requirement !== "ALTERNATIVE" && setup && requiredActionEnabled(ctx, setup)) {
        status[execution.id] = "SETUP_REQUIRED";
        if (!ctx.request.login.sessionActions.includes(setup)) ctx.request.login.sessionActions.push(setup);
        return undefined;
      }
      throw new FlowFailure("Cannot login, credential setup required.");
    }
  }
  const outcome = await authenticator.authenticate(ctx, execution);
  return record(ctx, execution, outcome);
}

/** Keeps an outcome's status; returns it when it is a page or a failure. */
export function record(ctx: LoginContext, execution: AuthExecutionRecord, outcome: Outcome): Outcome | undefined {
  const status = ctx.request.login.status;
  if (outcome.type === "success") status[execution.id] = "SUCCESS";
  else if (outcome.type === "attempted") status[execution.id] = "ATTEMPTED";
  else if (outcome.type === "challenge") status[execution.id] = "CHALLENGED";
  return outcome.type === "challenge" || outcome.type === "failure" ? outcome : undefined;
}

/**
 * Keycloak's DefaultAuthenticationFlow: DISABLED steps and conditions are left out; when the flow has REQUIRED or
 * CONDITIONAL steps every live one must succeed and its ALTERNATIVE steps are never run, even when every CONDITIONAL
 * sub-flow turns out off; otherwise the first ALTERNATIVE that succeeds is enough. A step that shows a page stops the run; the next request runs the flow again from the top.
 */
export async function processFlow(
  ctx: LoginContext,
  flow: AuthFlowRecord,
  authenticators: Authenticators = AUTHENTICATORS,
): Promise<FlowResult> {
  const executions = [...flow.executions].sort(byPriority);
  const required: AuthExecutionRecord[] = [];
  const alternatives: AuthExecutionRecord[] = [];
  for (const execution of executions) {
    if (execution.requirement === "DISABLED") continue;
    if (!execution.authenticatorFlow && isCondition(execution.authenticator)) continue;
    (execution.requirement === "ALTERNATIVE" ? alternatives : required).push(execution);
  }
  // Keycloak drops the alternatives of a level that also has REQUIRED or CONDITIONAL steps, before it knows whether a
  // CONDITIONAL sub-flow's condition holds: when none of those steps is live, the level does not succeed.
  if (required.length > 0) alternatives.length = 0;
  let liveRequired = 0;
  for (const execution of required) {
    if (conditionalFlowOff(ctx, execution)) continue;
    liveRequired++;
    const response = await processExecution(ctx, execution, authenticators);
    if (response) return { response, successful: false };
    if (!isDone(ctx, execution)) return { successful: false };
  }
  if (liveRequired > 0) return { successful: true };
  if (alternatives.some((e) => isDone(ctx, e))) return { successful: true };
  let failure: FlowFailure | undefined;
  for (const execution of alternatives) {
    try {
      const response = await processExecution(ctx, execution, authenticators);
      if (response) return { response, successful: false };
      if (isDone(ctx, execution)) return { successful: true };
    } catch (error) {
      if (!(error instanceof FlowFailure)) throw error;
      failure ??= error;
      ctx.request.login.status[execution.id] = "ATTEMPTED";
    }
  }
  if (failure) throw failure;
  return { successful: false };
}
