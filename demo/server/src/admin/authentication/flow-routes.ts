import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { AuthFlowRecord, AuthenticatorConfigRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { newId } from "../../common/ids.ts";
import { badRequest, conflict, notFound, webError } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { objectBody, optionalString } from "../common/body.ts";
import { adminPath, created, noContent } from "../common/reply.ts";
import { paramsOf } from "../common/query.ts";
import { flowByAlias, flowsOf, flowTree, requireFlowById } from "./lookup.ts";
import { flowRepresentation } from "./representation.ts";
import { REALM_FLOW_BINDINGS, isFlowInUse } from "./flow-usage.ts";
import { FlowCopySchema, FlowSchema } from "./schemas.ts";

const BASE = "/admin/realms/:realm/authentication";
const FLOW_TYPES = new Set(["basic-flow", "client-flow", "form-flow"]);
/** Keycloak leaves this flow out of the flow list. */
const HIDDEN_FLOW = "saml ecp";

/** Deep copy of a flow tree; sub-flows and configs are named `{newName} {old alias}` as Keycloak's copy does. */
function copyTree(
  server: ServerContext,
  source: AuthFlowRecord,
  newAlias: string,
  topLevel: boolean,
  flows: AuthFlowRecord[],
  configs: AuthenticatorConfigRecord[],
  rootName: string,
): AuthFlowRecord {
  const copy: AuthFlowRecord = { ...source, id: newId(), alias: newAlias, topLevel, builtIn: false, executions: [] };
  flows.push(copy);
  for (const execution of source.executions) {
    const next = { ...execution, id: newId() };
    const sub =
      execution.authenticatorFlow && execution.flowId ? server.db.get("authFlows", execution.flowId) : undefined;
    if (sub) next.flowId = copyTree(server, sub, `${rootName} ${sub.alias}`, false, flows, configs, rootName).id;
    if (execution.authenticatorConfig) {
      const config = server.db
        .list("authenticatorConfigs", source.realmId)
        .find((c) => c.alias === execution.authenticatorConfig || c.id === execution.authenticatorConfig);
      if (config) {
        const alias = `${rootName} ${config.alias}`;
        configs.push({ ...config, id: newId(), alias, config: { ...config.config } });
        next.authenticatorConfig = alias;
      }
    }
    copy.executions.push(next);
  }
  return copy;
}

/** The built-in flows in the order Keycloak creates them for a new realm (DefaultAuthenticationFlows). */
const BUILT_IN_ORDER = [
  "browser",
  "direct grant",
  "registration",
  "reset credentials",
  "clients",
  "first broker login",
  "saml ecp",
  "docker auth",
];

/** Keycloak lists a realm's flows as it created them: the built-in ones first, then the realm's own, oldest first. */
function inCreationOrder<T extends { alias: string; builtIn?: boolean }>(flows: T[]): T[] {
  const rank = (flow: T) => {
    const index = BUILT_IN_ORDER.indexOf(flow.alias);
    return index >= 0 && flow.builtIn !== false ? index : BUILT_IN_ORDER.length;
  };
  return flows
    .map((flow, position) => ({ flow, position }))
    .sort((a, b) => rank(a.flow) - rank(b.flow) || a.position - b.position)
    .map((entry) => entry.flow);
}

export async function registerFlowRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get(`${BASE}/flows`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.requireAny("view-realm", "view-clients", "view-identity-providers");
    return inCreationOrder(flowsOf(server, ctx.realm).filter((f) => f.topLevel && f.alias !== HIDDEN_FLOW)).map((f) =>
      flowRepresentation(server, f),
    );
  });

  app.post(`${BASE}/flows`, { schema: { body: FlowSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const rep = objectBody(req.body);
    const alias = optionalString(rep.alias)?.trim();
    if (!alias) throw conflict("Failed to create flow with empty alias name");
    if (flowByAlias(server, ctx.realm, alias)) throw conflict(`Flow ${alias} already exists`);
    const providerId = optionalString(rep.providerId) ?? "basic-flow";
    if (!FLOW_TYPES.has(providerId)) throw badRequest(`Unknown flow provider ${providerId}`);
    const flow: AuthFlowRecord = {
      id: newId(),
      realmId: ctx.realm.id,
      alias,
      description: optionalString(rep.description) ?? "",
      providerId,
      topLevel: rep.topLevel !== false,
      builtIn: false,
      executions: [],
    };
    await server.db.write((tx) => tx.put("authFlows", flow));
    await adminEvent(
      server,
      ctx,
      "CREATE",
      "AUTH_FLOW",
      `authentication/flows/${flow.id}`,
      flowRepresentation(server, flow),
    );
    return created(reply, server, adminPath(ctx.realm.realm, "authentication", "flows", flow.id));
  });

  app.get(`${BASE}/flows/:id`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-realm");
    return flowRepresentation(server, requireFlowById(server, ctx.realm, paramsOf<"id">(req).id));
  });

  app.put(`${BASE}/flows/:id`, { schema: { body: FlowSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const flow = requireFlowById(server, ctx.realm, paramsOf<"id">(req).id);
    const rep = objectBody(req.body);
    const alias = optionalString(rep.alias)?.trim();
    if (!alias) throw conflict("Failed to update flow with empty alias name");
    if (alias !== flow.alias && flowByAlias(server, ctx.realm, alias)) throw conflict("Flow alias name already exists");
    const updated: AuthFlowRecord = {
      ...flow,
      alias,
      description: optionalString(rep.description) ?? flow.description,
    };
    const realmSettings = { ...ctx.realm.settings };
    for (const binding of REALM_FLOW_BINDINGS)
      if (realmSettings[binding] === flow.alias) realmSettings[binding] = alias;
    await server.db.write((tx) => {
      tx.put("authFlows", updated);
      if (alias !== flow.alias) tx.put("realms", { ...ctx.realm, settings: realmSettings });
    });
    await adminEvent(server, ctx, "UPDATE", "AUTH_FLOW", `authentication/flows/${flow.id}`, rep);
    return reply.status(202).send(flowRepresentation(server, updated));
  });

  app.delete(`${BASE}/flows/:id`, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const flow = server.db.get("authFlows", paramsOf<"id">(req).id);
    if (!flow || flow.realmId !== ctx.realm.id) throw notFound("Flow not found");
    if (flow.builtIn) throw badRequest("Can't delete built in flow");
    // Keycloak's model refuses this with a ModelException; answered as a 400 carrying the same text.
    if (isFlowInUse(server, ctx.realm, flow))
      throw webError(400, "Cannot remove authentication flow, it is currently in use");
    const tree = flowTree(server, flow);
    const usedConfigs = new Set(tree.flatMap((f) => f.executions.map((e) => e.authenticatorConfig).filter(Boolean)));
    const configs = server.db
      .list("authenticatorConfigs", ctx.realm.id)
      .filter((c) => usedConfigs.has(c.alias) || usedConfigs.has(c.id));
    await server.db.write((tx) => {
      for (const f of tree) tx.delete("authFlows", f.id);
      for (const c of configs) tx.delete("authenticatorConfigs", c.id);
    });
    await adminEvent(server, ctx, "DELETE", "AUTH_FLOW", `authentication/flows/${flow.id}`);
    return noContent(reply);
  });

  app.post(`${BASE}/flows/:flowAlias/copy`, { schema: { body: FlowCopySchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const newName = optionalString(objectBody(req.body).newName)?.trim();
    if (!newName) throw badRequest("Missing newName");
    if (flowByAlias(server, ctx.realm, newName)) throw conflict("New flow alias name already exists");
    const source = flowByAlias(server, ctx.realm, paramsOf<"flowAlias">(req).flowAlias);
    if (!source) throw notFound("Flow not found");
    const flows: AuthFlowRecord[] = [];
    const configs: AuthenticatorConfigRecord[] = [];
    const copy = copyTree(server, source, newName, source.topLevel, flows, configs, newName);
    const taken = flows.slice(1).find((f) => flowByAlias(server, ctx.realm, f.alias));
    if (taken) throw conflict(`Flow ${taken.alias} already exists`);
    await server.db.write((tx) => {
      for (const f of flows) tx.put("authFlows", f);
      for (const c of configs) tx.put("authenticatorConfigs", c);
    });
    await adminEvent(server, ctx, "CREATE", "AUTH_FLOW", `authentication/flows/${source.alias}/copy`, { newName });
    // Keycloak builds this Location from the request's own path: …/flows/{alias}/copy/{new id}
    return created(reply, server, adminPath(ctx.realm.realm, "authentication", "flows", source.alias, "copy", copy.id));
  });
}
