import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { AuthExecutionRecord, AuthFlowRecord, AuthenticatorConfigRecord, RealmRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { newId } from "../../common/ids.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { objectBody, optionalString, stringMapOf } from "../common/body.ts";
import { adminPath, created, noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { flowByAlias, flowTree, requireExecution, requireFlowByAlias, sortedExecutions } from "./lookup.ts";
import { authenticators, clientAuthenticators, formActions, requirementChoices } from "./providers.ts";
import { configRepresentation, executionInfos, executionRepresentation } from "./representation.ts";
import { AuthenticatorConfigSchema, ExecutionInfoSchema, NewExecutionSchema, NewSubFlowSchema } from "./schemas.ts";
import { NoBody } from "../common/schemas.ts";

const BASE = "/admin/realms/:realm/authentication";
const REQUIREMENTS = new Set(["REQUIRED", "ALTERNATIVE", "DISABLED", "CONDITIONAL"]);

/** Keycloak appends after the last execution: its priority + 1, or 0 in an empty flow. */
const nextPriority = (flow: AuthFlowRecord) =>
  flow.executions.length ? Math.max(...flow.executions.map((e) => e.priority)) + 1 : 0;

function requireParentFlow(server: ServerContext, realm: RealmRecord, alias: string): AuthFlowRecord {
  const flow = flowByAlias(server, realm, alias);
  if (!flow) throw badRequest("Parent flow doesn't exist");
  return flow;
}

/** The providers a flow type accepts, as Keycloak picks the provider factory by the parent flow's type. */
function providersFor(flow: AuthFlowRecord) {
  if (flow.providerId === "client-flow") return clientAuthenticators();
  if (flow.providerId === "form-flow") return formActions();
  return authenticators();
}

function requireEditable(flow: AuthFlowRecord, action: string): void {
  if (flow.builtIn) throw badRequest(`It is illegal to ${action} a built in flow`);
}

/** Moves an execution one place up or down among its siblings by swapping priorities. */
function moved(flow: AuthFlowRecord, executionId: string, step: -1 | 1): AuthFlowRecord {
  const ordered = sortedExecutions(flow).map((e, i) => ({ ...e, priority: e.priority === undefined ? i : e.priority }));
  const index = ordered.findIndex((e) => e.id === executionId);
  const target = index + step;
  if (index < 0 || target < 0 || target >= ordered.length) return flow;
  const [a, b] = [ordered[index], ordered[target]];
  if (a.priority === b.priority) b.priority += step === -1 ? 1 : -1;
  [a.priority, b.priority] = [b.priority, a.priority];
  return { ...flow, executions: ordered };
}

export async function registerExecutionRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get(`${BASE}/flows/:flowAlias/executions`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    const flow = requireFlowByAlias(server, ctx.realm, paramsOf<"flowAlias">(req).flowAlias);
    return executionInfos(server, ctx.realm, flow);
  });

  app.put(`${BASE}/flows/:flowAlias/executions`, { schema: { body: ExecutionInfoSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const addressed = requireFlowByAlias(server, ctx.realm, paramsOf<"flowAlias">(req).flowAlias);
    const rep = objectBody(req.body);
    const { flow, execution } = requireExecution(server, ctx.realm, String(rep.id ?? ""));
    const requirement = optionalString(rep.requirement) ?? execution.requirement;
    if (!REQUIREMENTS.has(requirement)) throw badRequest(`Invalid requirement ${requirement}`);
    const path = `authentication/flows/${addressed.alias}/executions`;
    if (requirement !== execution.requirement) {
      const updated = {
        ...flow,
        executions: flow.executions.map((e) => (e.id === execution.id ? { ...e, requirement } : e)),
      };
      await server.db.write((tx) => tx.put("authFlows", updated));
      await adminEvent(server, ctx, "UPDATE", "AUTH_EXECUTION", path, rep);
      return reply.status(204).send();
    }
    // Unchanged requirement: Keycloak applies a sub-flow's new name and description instead.
    const sub = rep.authenticationFlow && execution.flowId ? server.db.get("authFlows", execution.flowId) : undefined;
    if (sub) {
      const alias = optionalString(rep.displayName)?.trim() || sub.alias;
      if (alias !== sub.alias && flowByAlias(server, ctx.realm, alias))
        throw conflict("Flow alias name already exists");
      await server.db.write((tx) =>
        tx.put("authFlows", { ...sub, alias, description: optionalString(rep.description) ?? sub.description }),
      );
      await adminEvent(server, ctx, "UPDATE", "AUTH_EXECUTION", path, rep);
    }
    return reply.status(204).send();
  });

  app.post(
    `${BASE}/flows/:flowAlias/executions/execution`,
    { schema: { body: NewExecutionSchema } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, paramsOf(req).realm);
      ctx.require("manage-realm");
      const flow = requireParentFlow(server, ctx.realm, paramsOf<"flowAlias">(req).flowAlias);
      requireEditable(flow, "add execution to");
      const provider = optionalString(objectBody(req.body).provider);
      if (!provider || !providersFor(flow).some((p) => p.id === provider))
        throw badRequest(`No authentication provider found for id: ${provider}`);
      const choices = requirementChoices(provider, false, flow.providerId);
      const requirement = choices.length === 1 ? choices[0] : "DISABLED";
      const execution: AuthExecutionRecord = {
        id: newId(),
        authenticator: provider,
        authenticatorFlow: false,
        requirement,
        priority: nextPriority(flow),
      };
      await server.db.write((tx) => tx.put("authFlows", { ...flow, executions: [...flow.executions, execution] }));
      await adminEvent(server, ctx, "CREATE", "AUTH_EXECUTION", `authentication/executions/${execution.id}`, {
        provider,
      });
      return created(reply, server, adminPath(ctx.realm.realm, "authentication", "executions", execution.id));
    },
  );

  app.post(`${BASE}/flows/:flowAlias/executions/flow`, { schema: { body: NewSubFlowSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const parent = requireParentFlow(server, ctx.realm, paramsOf<"flowAlias">(req).flowAlias);
    requireEditable(parent, "add sub-flow to");
    const rep = objectBody(req.body);
    const alias = optionalString(rep.alias)?.trim();
    if (!alias) throw badRequest("Missing alias");
    if (flowByAlias(server, ctx.realm, alias)) throw conflict("New flow alias name already exists");
    const type = optionalString(rep.type) ?? "basic-flow";
    if (type !== "basic-flow" && type !== "form-flow") throw badRequest(`Unknown flow type ${type}`);
    const sub: AuthFlowRecord = {
      id: newId(),
      realmId: ctx.realm.id,
      alias,
      description: optionalString(rep.description) ?? "",
      providerId: type,
      topLevel: false,
      builtIn: false,
      executions: [],
    };
    const execution: AuthExecutionRecord = {
      id: newId(),
      authenticatorFlow: true,
      flowId: sub.id,
      requirement: "DISABLED",
      priority: nextPriority(parent),
      ...(type === "form-flow" ? { authenticator: optionalString(rep.provider) ?? "registration-page-form" } : {}),
    };
    await server.db.write((tx) => {
      tx.put("authFlows", sub);
      tx.put("authFlows", { ...parent, executions: [...parent.executions, execution] });
    });
    await adminEvent(
      server,
      ctx,
      "CREATE",
      "AUTH_EXECUTION_FLOW",
      `authentication/flows/${parent.alias}/executions/flow`,
      rep,
    );
    return created(reply, server, adminPath(ctx.realm.realm, "authentication", "flows", sub.id));
  });

  app.get(`${BASE}/executions/:id`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const { flow, execution } = requireExecution(server, ctx.realm, paramsOf<"id">(req).id);
    return executionRepresentation(server, ctx.realm, flow, execution);
  });

  app.delete(`${BASE}/executions/:id`, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const { flow, execution } = requireExecution(server, ctx.realm, paramsOf<"id">(req).id);
    requireEditable(flow, "remove execution from");
    const sub =
      execution.authenticatorFlow && execution.flowId ? server.db.get("authFlows", execution.flowId) : undefined;
    const removedFlows = sub ? flowTree(server, sub) : [];
    const removedExecutions = [execution, ...removedFlows.flatMap((f) => f.executions)];
    const configAliases = new Set(removedExecutions.map((e) => e.authenticatorConfig).filter(Boolean));
    const configs = server.db
      .list("authenticatorConfigs", ctx.realm.id)
      .filter((c) => configAliases.has(c.alias) || configAliases.has(c.id));
    await server.db.write((tx) => {
      tx.put("authFlows", { ...flow, executions: flow.executions.filter((e) => e.id !== execution.id) });
      for (const f of removedFlows) tx.delete("authFlows", f.id);
      for (const c of configs) tx.delete("authenticatorConfigs", c.id);
    });
    await adminEvent(server, ctx, "DELETE", "AUTH_EXECUTION", `authentication/executions/${execution.id}`);
    return noContent(reply);
  });

  for (const [action, step] of [
    ["raise-priority", -1],
    ["lower-priority", 1],
  ] as const) {
    app.post(`${BASE}/executions/:id/${action}`, { schema: { body: NoBody } }, async (req, reply) => {
      const ctx = await adminContext(server, req, paramsOf(req).realm);
      ctx.require("manage-realm");
      const { flow, execution } = requireExecution(server, ctx.realm, paramsOf<"id">(req).id);
      requireEditable(flow, "modify execution in");
      await server.db.write((tx) => tx.put("authFlows", moved(flow, execution.id, step)));
      await adminEvent(server, ctx, "UPDATE", "AUTH_EXECUTION", `authentication/executions/${execution.id}/${action}`);
      return noContent(reply);
    });
  }

  app.post(`${BASE}/executions/:id/config`, { schema: { body: AuthenticatorConfigSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const { flow, execution } = requireExecution(server, ctx.realm, paramsOf<"id">(req).id);
    const rep = objectBody(req.body);
    const alias = optionalString(rep.alias)?.trim();
    if (!alias) throw badRequest("Alias missing");
    // Executions refer to their config by alias here, so aliases must stay unique (Keycloak refers by id).
    if (server.db.list("authenticatorConfigs", ctx.realm.id).some((c) => c.alias === alias))
      throw conflict(`Authenticator config with alias ${alias} already exists`);
    const config: AuthenticatorConfigRecord = {
      id: newId(),
      realmId: ctx.realm.id,
      alias,
      config: stringMapOf(rep.config),
    };
    const updatedFlow = {
      ...flow,
      executions: flow.executions.map((e) => (e.id === execution.id ? { ...e, authenticatorConfig: alias } : e)),
    };
    await server.db.write((tx) => {
      tx.put("authenticatorConfigs", config);
      tx.put("authFlows", updatedFlow);
    });
    await adminEvent(
      server,
      ctx,
      "CREATE",
      "AUTH_EXECUTION",
      `authentication/executions/${execution.id}/config`,
      configRepresentation(config),
    );
    return created(reply, server, adminPath(ctx.realm.realm, "authentication", "config", config.id));
  });

  app.get(`${BASE}/executions/:id/requirement-choices`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    const { flow, execution } = requireExecution(server, ctx.realm, paramsOf<"id">(req).id);
    return requirementChoices(execution.authenticator, execution.authenticatorFlow, flow.providerId);
  });

  app.get(`${BASE}/executions/:id/config/:configId`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    requireExecution(server, ctx.realm, paramsOf<"id">(req).id);
    const config = server.db.get("authenticatorConfigs", paramsOf<"configId">(req).configId);
    if (!config || config.realmId !== ctx.realm.id) throw notFound("Could not find authenticator config");
    return configRepresentation(config);
  });
}
