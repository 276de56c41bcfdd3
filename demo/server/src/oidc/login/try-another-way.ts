import type { FastifyReply } from "fastify";
import type { AuthExecutionRecord, AuthFlowRecord } from "../../store/types.ts";
import { flowTree } from "../../admin/authentication/lookup.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../html.ts";
import { realmTitle } from "../error-page.ts";
import { isCondition } from "./conditions.ts";
import { conditionalFlowOff } from "./flow-engine.ts";
import { browserFlowOf } from "./browser-flow.ts";
import { currentUser, executionUrl, type LoginContext } from "./login-context.ts";

/** The credential a step checks, and how the select-authenticator page names it (the login theme's messages). */
const CREDENTIAL_STEPS: Record<string, { type: string; displayName: string; helpText: string }> = {
  "auth-otp-form": {
    type: "otp",
    displayName: "Authenticator Application",
    helpText: "Enter a verification code from authenticator application.",
  },
  "auth-recovery-authn-code-form": {
    type: "recovery-authn-codes",
    displayName: "Recovery Authentication Code",
    helpText: "Enter a recovery authentication code from a previously generated list.",
  },
  "auth-password-form": {
    type: "password",
    displayName: "Password",
    helpText: "Sign in by entering your password.",
  },
};

const byPriority = (a: AuthExecutionRecord, b: AuthExecutionRecord) => a.priority - b.priority;

function processed(ctx: LoginContext, execution: AuthExecutionRecord): boolean {
  const status = ctx.request.login.status[execution.id];
  return status === "SUCCESS" || status === "ATTEMPTED" || status === "SETUP_REQUIRED";
}

/** Keycloak's highest useful flow: climbs while the step is an alternative or the first step of its flow. */
function highestUsefulFlow(tree: AuthFlowRecord[], execution: AuthExecutionRecord): AuthFlowRecord | undefined {
  let flowId: string | undefined;
  let current = execution;
  for (;;) {
    const parent = tree.find((f) => f.executions.some((e) => e.id === current.id));
    if (!parent) return undefined;
    if (current.requirement === "ALTERNATIVE") flowId = parent.id;
    else {
      if (current.authenticatorFlow) flowId = current.flowId;
      if ([...parent.executions].sort(byPriority).indexOf(current) !== 0) break;
      flowId = parent.id;
    }
    const flow = tree.find((f) => f.id === flowId);
    const up = flow && !flow.topLevel ? tree.flatMap((f) => f.executions).find((e) => e.flowId === flowId) : undefined;
    if (!up) break;
    current = up;
  }
  return tree.find((f) => f.id === flowId);
}

function collect(ctx: LoginContext, tree: AuthFlowRecord[], flow: AuthFlowRecord, into: AuthExecutionRecord[]) {
  const live = [...flow.executions]
    .sort(byPriority)
    .filter((e) => e.requirement !== "DISABLED" && (e.authenticatorFlow || !isCondition(e.authenticator)));
  const required = live.filter((e) => e.requirement !== "ALTERNATIVE");
  const firstRequired = required.find((e) => !conditionalFlowOff(ctx, e));
  for (const execution of required.length > 0 ? (firstRequired ? [firstRequired] : []) : live) {
    if (processed(ctx, execution)) continue;
    const sub = execution.authenticatorFlow ? tree.find((f) => f.id === execution.flowId) : undefined;
    if (sub) collect(ctx, tree, sub, into);
    else if (!execution.authenticatorFlow) into.push(execution);
  }
}

/**
 * The steps a user may switch to from the challenged one (Keycloak's authentication selections): the credential steps
 * of the highest useful flow that the user has a credential for, in the order of the user's credentials.
 */
export function authenticationSelections(
  ctx: LoginContext,
  flow: AuthFlowRecord,
  execution: AuthExecutionRecord,
): AuthExecutionRecord[] {
  const user = currentUser(ctx);
  if (!user || ctx.stepUrl) return [];
  const tree = flowTree(ctx.server, flow);
  const top = highestUsefulFlow(tree, execution);
  const steps: AuthExecutionRecord[] = [];
  if (top) collect(ctx, tree, top, steps);
  else steps.push(execution);
  const byType = new Map<string, AuthExecutionRecord>();
  for (const step of steps) {
    const credential = CREDENTIAL_STEPS[step.authenticator ?? ""];
    if (credential) byType.set(credential.type, step);
  }
  const types = [...user.credentials].sort((a, b) => a.priority - b.priority).map((c) => c.type);
  return [...new Set(types)].flatMap((type) => byType.get(type) ?? []);
}

/** The "Try Another Way" form under a step's page, when the user has another step to choose. */
export function tryAnotherWayForm(ctx: LoginContext, execution: AuthExecutionRecord): string {
  const flow = ctx.stepUrl ? undefined : browserFlowOf(ctx);
  if (!flow || authenticationSelections(ctx, flow, execution).length < 2) return "";
  return `
<form id="kc-select-try-another-way-form" action="${escapeHtml(executionUrl(ctx, execution.id))}" method="post" novalidate>
<input type="hidden" name="tryAnotherWay" value="on">
<button type="submit" id="try-another-way" class="kc-link-button">Try Another Way</button>
</form>`;
}

/** The login theme's select-authenticator page: one form per step, posting its execution id. */
export function sendSelectAuthenticatorPage(
  ctx: LoginContext,
  execution: AuthExecutionRecord,
  selections: AuthExecutionRecord[],
): FastifyReply {
  const actionUrl = escapeHtml(executionUrl(ctx, execution.id));
  const items = selections
    .map((step) => {
      const texts = CREDENTIAL_STEPS[step.authenticator ?? ""]!;
      return `\n<li><form id="kc-select-credential-form-${escapeHtml(step.id)}" action="${actionUrl}" method="post">
<input type="hidden" name="authenticationExecution" value="${escapeHtml(step.id)}">
<button type="submit" class="kc-select-authenticator"><strong>${escapeHtml(texts.displayName)}</strong>
<span>${escapeHtml(texts.helpText)}</span></button>
</form></li>`;
    })
    .join("");
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Select login method</h1>
<ul class="kc-select-auth-list">${items}
</ul>`;
  return ctx.reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(`Sign in to ${realmTitle(ctx.realm)}`, body));
}
