import type { ServerContext } from "../../context.ts";
import type { AuthExecutionRecord, AuthFlowRecord, AuthenticatorConfigRecord, RealmRecord } from "../../store/types.ts";
import { notFound } from "../../http/errors.ts";

export const flowsOf = (server: ServerContext, realm: RealmRecord) => server.db.list("authFlows", realm.id);

export function flowByAlias(server: ServerContext, realm: RealmRecord, alias: string): AuthFlowRecord | undefined {
  return flowsOf(server, realm).find((f) => f.alias === alias);
}

export function requireFlowById(server: ServerContext, realm: RealmRecord, id: string): AuthFlowRecord {
  const flow = server.db.get("authFlows", id);
  if (!flow || flow.realmId !== realm.id) throw notFound("Could not find flow with id");
  return flow;
}

export function requireFlowByAlias(server: ServerContext, realm: RealmRecord, alias: string): AuthFlowRecord {
  const flow = flowByAlias(server, realm, alias);
  if (!flow) throw notFound(`Flow ${alias} not found`);
  return flow;
}

export interface LocatedExecution {
  flow: AuthFlowRecord;
  execution: AuthExecutionRecord;
}

export function requireExecution(server: ServerContext, realm: RealmRecord, id: string): LocatedExecution {
  for (const flow of flowsOf(server, realm)) {
    const execution = flow.executions.find((e) => e.id === id);
    if (execution) return { flow, execution };
  }
  throw notFound("Illegal execution");
}

/** Executions reference their config by alias (as exports do); older data may hold the id. */
export function configOfExecution(
  server: ServerContext,
  realm: RealmRecord,
  execution: AuthExecutionRecord,
): AuthenticatorConfigRecord | undefined {
  if (!execution.authenticatorConfig) return undefined;
  return server.db
    .list("authenticatorConfigs", realm.id)
    .find((c) => c.alias === execution.authenticatorConfig || c.id === execution.authenticatorConfig);
}

/** A flow and every sub-flow reachable from it. */
export function flowTree(server: ServerContext, flow: AuthFlowRecord, seen = new Set<string>()): AuthFlowRecord[] {
  if (seen.has(flow.id)) return [];
  seen.add(flow.id);
  const tree = [flow];
  for (const execution of flow.executions) {
    const sub =
      execution.authenticatorFlow && execution.flowId ? server.db.get("authFlows", execution.flowId) : undefined;
    if (sub) tree.push(...flowTree(server, sub, seen));
  }
  return tree;
}

export const sortedExecutions = (flow: AuthFlowRecord) => [...flow.executions].sort((a, b) => a.priority - b.priority);
