import type { AuthExecutionRecord, AuthFlowRecord, UserRecord } from "../../store/types.ts";
import { configOfExecution } from "../../admin/authentication/lookup.ts";
import { userEffectiveRoleIds } from "../../access/roles.ts";
import { AUTHENTICATORS } from "./authenticators.ts";
import { currentUser, type Condition, type LoginContext } from "./login-context.ts";

export const isCondition = (providerId: string | undefined) => !!providerId?.startsWith("conditional-");

function flowOf(ctx: LoginContext, execution: AuthExecutionRecord): AuthFlowRecord | undefined {
  return ctx.server.db.list("authFlows", ctx.realm.id).find((f) => f.executions.some((e) => e.id === execution.id));
}

/** Whether a step (or a sub-flow's steps) is set up for the user, as conditional-user-configured asks. */
function configuredFor(
  ctx: LoginContext,
  user: UserRecord | undefined,
  flow: AuthFlowRecord,
  seen: Set<string>,
): boolean {
  if (seen.has(flow.id)) return false;
  seen.add(flow.id);
  const steps = flow.executions.filter((e) => e.requirement !== "DISABLED" && !isCondition(e.authenticator));
  const required = steps.filter((e) => e.requirement === "REQUIRED" || e.requirement === "CONDITIONAL");
  const alternatives = steps.filter((e) => e.requirement === "ALTERNATIVE");
  const check = (e: AuthExecutionRecord): boolean => {
    if (e.authenticatorFlow) {
      const sub = e.flowId ? ctx.server.db.get("authFlows", e.flowId) : undefined;
      return !!sub && configuredFor(ctx, user, sub, seen);
    }
    const authenticator = (ctx.authenticators ?? AUTHENTICATORS)[e.authenticator ?? ""];
    if (!authenticator) return false;
    if (!authenticator.configuredFor) return true;
    return !!user && authenticator.configuredFor(ctx, user);
  };
  if (required.length === 0 && alternatives.length === 0) return true;
  return required.length > 0 ? required.every(check) : alternatives.some(check);
}

/** A role named in a condition's config: a realm role, or `clientId.role` / `clientId role` for a client's. */
function roleIdOf(ctx: LoginContext, name: string): string | undefined {
  const roles = ctx.server.db.list("roles", ctx.realm.id);
  const realmRole = roles.find((r) => !r.clientId && r.name === name);
  if (realmRole) return realmRole.id;
  for (const separator of [" ", "."]) {
    const at = name.indexOf(separator);
    if (at <= 0) continue;
    const client = ctx.server.db.list("clients", ctx.realm.id).find((c) => c.clientId === name.slice(0, at));
    const role = client && roles.find((r) => r.clientId === client.id && r.name === name.slice(at + 1));
    if (role) return role.id;
  }
  return undefined;
}

export const CONDITIONS: Record<string, Condition> = {
  "conditional-user-configured": {
    matches(ctx, execution) {
      const flow = flowOf(ctx, execution);
      return !!flow && configuredFor(ctx, currentUser(ctx), flow, new Set());
    },
  },
  "conditional-user-role": {
    matches(ctx, execution) {
      const config = configOfExecution(ctx.server, ctx.realm, execution)?.config ?? {};
      const user = currentUser(ctx);
      const roleId = config.condUserRole ? roleIdOf(ctx, config.condUserRole) : undefined;
      const has = !!user && !!roleId && userEffectiveRoleIds(ctx.server.db, user).has(roleId);
      return config.negate === "true" ? !has : has;
    },
  },
  "conditional-credential": {
    matches(ctx, execution) {
      const config = configOfExecution(ctx.server, ctx.realm, execution)?.config ?? {};
      const wanted = (config.credentials ?? "").split("##").filter(Boolean);
      const used = ctx.request.login.usedCredentials.some((type) => wanted.includes(type));
      return config.included === "true" ? used : !used;
    },
  },
};
