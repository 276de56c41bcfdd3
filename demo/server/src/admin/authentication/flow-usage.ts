import type { ServerContext } from "../../context.ts";
import type { AuthFlowRecord, RealmRecord } from "../../store/types.ts";

/** Realm settings that name the flow used for each purpose. */
export const REALM_FLOW_BINDINGS = [
  "browserFlow",
  "registrationFlow",
  "directGrantFlow",
  "resetCredentialsFlow",
  "clientAuthenticationFlow",
  "dockerAuthenticationFlow",
  "firstBrokerLoginFlow",
];
/** Keycloak lists at most this many users of a flow in the overview. */
const MAX_USED_BY = 9;

/** clientIds of clients whose browser or direct grant override is this flow. */
export function clientsUsingFlow(server: ServerContext, realm: RealmRecord, flow: AuthFlowRecord): string[] {
  return server.db
    .list("clients", realm.id)
    .filter((c) => {
      const overrides = (c.rep.authenticationFlowBindingOverrides ?? {}) as Record<string, string>;
      return overrides.browser === flow.id || overrides.direct_grant === flow.id;
    })
    .map((c) => c.clientId);
}

/** Aliases of identity providers whose first or post broker login flow is this flow. */
export function providersUsingFlow(server: ServerContext, realm: RealmRecord, flow: AuthFlowRecord): string[] {
  return server.db
    .list("identityProviders", realm.id)
    .filter(
      (idp) => idp.rep.firstBrokerLoginFlowAlias === flow.alias || idp.rep.postBrokerLoginFlowAlias === flow.alias,
    )
    .map((idp) => idp.alias);
}

/** The admin console's flow overview entry: which realm binding, clients or providers use the flow. */
export function flowOverview(server: ServerContext, realm: RealmRecord, flow: AuthFlowRecord): Record<string, unknown> {
  const overview: Record<string, unknown> = {
    id: flow.id,
    alias: flow.alias,
    builtIn: flow.builtIn,
    description: flow.description ?? "",
  };
  const providers = providersUsingFlow(server, realm, flow).slice(0, MAX_USED_BY);
  if (providers.length) overview.usedBy = { type: "SPECIFIC_PROVIDERS", values: providers };
  const clients = clientsUsingFlow(server, realm, flow).slice(0, MAX_USED_BY);
  if (clients.length) overview.usedBy = { type: "SPECIFIC_CLIENTS", values: clients };
  if (REALM_FLOW_BINDINGS.some((binding) => realm.settings[binding] === flow.alias))
    overview.usedBy = { type: "DEFAULT", values: [flow.alias] };
  return overview;
}

/** Keycloak's isFlowUsed: bound to the realm, overridden on a client, or an identity provider's login flow. */
export function isFlowInUse(server: ServerContext, realm: RealmRecord, flow: AuthFlowRecord): boolean {
  return (
    REALM_FLOW_BINDINGS.some((binding) => realm.settings[binding] === flow.alias) ||
    clientsUsingFlow(server, realm, flow).length > 0 ||
    providersUsingFlow(server, realm, flow).length > 0
  );
}
