import type { AuthExecutionRecord, AuthFlowRecord } from "../../store/types.ts";
import { flowByAlias, flowTree } from "../../admin/authentication/lookup.ts";
import { sendErrorPage } from "../error-page.ts";
import { processFlow, record, type Authenticators } from "./flow-engine.ts";
import { AUTHENTICATORS, stepName } from "./authenticators.ts";
import { afterAuthentication, errorToClient } from "./after-authentication.ts";
import {
  currentUser,
  FlowFailure,
  UnsupportedStep,
  type Form,
  type LoginContext,
  type Outcome,
} from "./login-context.ts";

/** The client's browser flow override, else the realm's bound browser flow. */
export function browserFlowOf(ctx: LoginContext): AuthFlowRecord | undefined {
  const overrides = (ctx.client.rep.authenticationFlowBindingOverrides ?? {}) as Record<string, unknown>;
  const overrideId = typeof overrides.browser === "string" ? overrides.browser : undefined;
  const override = overrideId ? ctx.server.db.get("authFlows", overrideId) : undefined;
  if (override && override.realmId === ctx.realm.id) return override;
  const alias = typeof ctx.realm.settings.browserFlow === "string" ? ctx.realm.settings.browserFlow : "browser";
  return flowByAlias(ctx.server, ctx.realm, alias);
}

function unsupportedPage(ctx: LoginContext, step: string) {
  return sendErrorPage(
    ctx.reply,
    ctx.realm,
    `The authentication step ${step} is not supported by this server, so the login cannot go on. An administrator can disable it or choose another flow.`,
    500,
  );
}

/**
 * A step's answer to the browser: its page, or the failure's error page. A login forwarded with prompt=none to an
 * identity provider shows no page: the client gets interaction_required (Keycloak's broker login flows).
 */
export async function respond(ctx: LoginContext, outcome: Outcome) {
  if (outcome.type === "challenge" && ctx.request.login.forwardedPassive)
    return errorToClient(ctx, "interaction_required");
  if (outcome.type === "challenge") return outcome.send();
  return sendErrorPage(ctx.reply, ctx.realm, outcome.type === "failure" ? outcome.message : "Login failed.");
}

/** Runs a flow step by step, ending the login on the error page for an unsupported step or a failure. */
export async function guarded(ctx: LoginContext, run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UnsupportedStep) return unsupportedPage(ctx, error.message);
    if (error instanceof FlowFailure) return sendErrorPage(ctx.reply, ctx.realm, error.message);
    throw error;
  }
}

/** Runs the browser flow from the top: shows the next page, or signs the user in when the flow succeeds. */
export function runBrowserFlow(ctx: LoginContext) {
  return guarded(ctx, async () => {
    const flow = browserFlowOf(ctx);
    if (!flow) return sendErrorPage(ctx.reply, ctx.realm, "The realm's browser flow does not exist.", 500);
    const result = await processFlow(ctx, flow);
    if (result.response) return respond(ctx, result.response);
    if (!result.successful || !currentUser(ctx))
      return sendErrorPage(ctx.reply, ctx.realm, "Invalid username or password.");
    return afterAuthentication(ctx);
  });
}

/**
 * A form posted back to a step of any flow (browser, first broker login, post login): when the flow challenged that
 * step, its action and the page that answers; otherwise, or when the action settles the step, the flow runs again.
 */
export async function answerChallenge(
  ctx: LoginContext,
  execution: AuthExecutionRecord | undefined,
  steps: Authenticators,
  form: Form,
  runFlow: () => Promise<unknown>,
): Promise<unknown> {
  if (!execution || ctx.request.login.status[execution.id] !== "CHALLENGED") return runFlow();
  const step = steps[execution.authenticator ?? ""];
  if (!step?.action) throw new UnsupportedStep(stepName(execution.authenticator));
  const outcome = record(ctx, execution, await step.action(ctx, execution, form));
  return outcome ? respond(ctx, outcome) : runFlow();
}

/** A step's form posted back: the step's action, then the flow again. */
export function continueBrowserFlow(ctx: LoginContext, executionId: string | undefined, form: Form) {
  return guarded(ctx, async () => {
    const flow = browserFlowOf(ctx);
    const execution = flow
      ? flowTree(ctx.server, flow)
          .flatMap((f) => f.executions)
          .find((e) => (executionId ? e.id === executionId : ctx.request.login.status[e.id] === "CHALLENGED"))
      : undefined;
    return answerChallenge(ctx, execution, AUTHENTICATORS, form, () => runBrowserFlow(ctx));
  });
}
