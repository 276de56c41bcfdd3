import type { ServerContext } from "../../context.ts";
import type { AuthExecutionRecord, AuthFlowRecord, AuthenticatorConfigRecord, RealmRecord } from "../../store/types.ts";
import { configOfExecution, sortedExecutions } from "./lookup.ts";
import { findProvider, requirementChoices } from "./providers.ts";

export function flowRepresentation(server: ServerContext, flow: AuthFlowRecord): Record<string, unknown> {
  return {
    id: flow.id,
    alias: flow.alias,
    description: flow.description ?? "",
    providerId: flow.providerId,
    topLevel: flow.topLevel,
    builtIn: flow.builtIn,
    authenticationExecutions: sortedExecutions(flow).map((e) => {
      const sub = e.authenticatorFlow && e.flowId ? server.db.get("authFlows", e.flowId) : undefined;
      return {
        ...(e.authenticatorConfig ? { authenticatorConfig: e.authenticatorConfig } : {}),
        ...(e.authenticator ? { authenticator: e.authenticator } : {}),
        authenticatorFlow: e.authenticatorFlow,
        ...(sub ? { flowAlias: sub.alias } : {}),
        requirement: e.requirement,
        priority: e.priority,
        autheticatorFlow: e.authenticatorFlow,
        userSetupAllowed: e.userSetupAllowed ?? false,
      };
    }),
  };
}

export function executionRepresentation(
  server: ServerContext,
  realm: RealmRecord,
  flow: AuthFlowRecord,
  e: AuthExecutionRecord,
): Record<string, unknown> {
  const config = configOfExecution(server, realm, e);
  return {
    id: e.id,
    ...(e.authenticator ? { authenticator: e.authenticator } : {}),
    ...(config ? { authenticatorConfig: config.id } : {}),
    authenticatorFlow: e.authenticatorFlow,
    requirement: e.requirement,
    priority: e.priority,
    parentFlow: flow.id,
    ...(e.flowId ? { flowId: e.flowId } : {}),
  };
}

export function configRepresentation(config: AuthenticatorConfigRecord): Record<string, unknown> {
  return { id: config.id, alias: config.alias, config: config.config };
}

/** The flattened AuthenticationExecutionInfoRepresentation list of a flow, depth first, as the console's flow editor reads it. */
export function executionInfos(
  server: ServerContext,
  realm: RealmRecord,
  flow: AuthFlowRecord,
  level = 0,
  seen = new Set<string>(),
): Record<string, unknown>[] {
  if (seen.has(flow.id)) return [];
  seen.add(flow.id);
  const infos: Record<string, unknown>[] = [];
  sortedExecutions(flow).forEach((e, index) => {
    const sub = e.authenticatorFlow && e.flowId ? server.db.get("authFlows", e.flowId) : undefined;
    const choices = requirementChoices(e.authenticator, e.authenticatorFlow, flow.providerId, sub?.providerId);
    const common = {
      id: e.id,
      requirement: e.requirement,
      level,
      index,
      priority: e.priority,
      requirementChoices: choices,
    };
    if (sub) {
      const formConfig = sub.providerId === "form-flow" ? configOfExecution(server, realm, e) : undefined;
      infos.push({
        ...common,
        displayName: sub.alias,
        ...(sub.description ? { description: sub.description } : {}),
        configurable: false,
        authenticationFlow: true,
        ...(sub.providerId === "form-flow"
          ? { providerId: e.authenticator, ...(formConfig ? { authenticationConfig: formConfig.id } : {}) }
          : {}),
        flowId: sub.id,
      });
      infos.push(...executionInfos(server, realm, sub, level + 1, seen));
      return;
    }
    const provider = e.authenticator ? findProvider(e.authenticator) : undefined;
    const config = configOfExecution(server, realm, e);
    infos.push({
      ...common,
      // Keycloak 26.7 sends no description for a step (its provider's help text is in the providers list)
      displayName: provider?.displayName ?? e.authenticator ?? "",
      configurable: (provider?.properties.length ?? 0) > 0,
      providerId: e.authenticator,
      ...(config ? { authenticationConfig: config.id, alias: config.alias } : {}),
    });
  });
  return infos;
}
