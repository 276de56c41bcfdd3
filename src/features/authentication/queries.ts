import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type AuthenticationExecutionInfoRepresentation from "@keycloak/keycloak-admin-client/lib/defs/authenticationExecutionInfoRepresentation.js";
import type AuthenticationFlowRepresentation from "@keycloak/keycloak-admin-client/lib/defs/authenticationFlowRepresentation.js";
import type AuthenticatorConfigRepresentation from "@keycloak/keycloak-admin-client/lib/defs/authenticatorConfigRepresentation.js";
import type { AuthenticationProviderRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/authenticatorConfigRepresentation.js";
import type RequiredActionProviderRepresentation from "@keycloak/keycloak-admin-client/lib/defs/requiredActionProviderRepresentation.js";
import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import { adminFetch } from "../../core/api/admin-fetch.ts";

export type Flow = AuthenticationFlowRepresentation;
export type ExecutionInfo = AuthenticationExecutionInfoRepresentation;
export type AuthenticatorConfig = AuthenticatorConfigRepresentation;
export type Provider = AuthenticationProviderRepresentation;
export type RequiredAction = RequiredActionProviderRepresentation;

/** One row of the console's flow overview (Keycloak's ui-ext `authentication-management/flows`). */
export interface FlowOverview {
  id: string;
  alias: string;
  description?: string;
  builtIn?: boolean;
  usedBy?: { type: "SPECIFIC_CLIENTS" | "SPECIFIC_PROVIDERS" | "DEFAULT"; values: string[] };
}

/** Realm settings naming the flow used for each purpose, in the order the bind dialog offers them. */
export const REALM_BINDINGS = [
  "browserFlow",
  "registrationFlow",
  "directGrantFlow",
  "resetCredentialsFlow",
  "clientAuthenticationFlow",
  "dockerAuthenticationFlow",
  "firstBrokerLoginFlow",
] as const;
export type RealmBinding = (typeof REALM_BINDINGS)[number];

/** Every authentication query of a realm starts with this key; invalidate it after a mutation. */
export const authenticationKey = (realm: string) => ["authentication", realm] as const;
export const flowsKey = (realm: string) => [...authenticationKey(realm), "flows"] as const;
export const flowKey = (realm: string, id: string) => [...authenticationKey(realm), "flow", id] as const;
export const executionsKey = (realm: string, alias: string) =>
  [...authenticationKey(realm), "executions", alias] as const;
export const requiredActionsKey = (realm: string) => [...authenticationKey(realm), "required-actions"] as const;
export const policiesRealmKey = (realm: string) => [...authenticationKey(realm), "policies-realm"] as const;

/** The admin client types the realm-wide lists' argument as `void & { realm? }`. */
const inRealm = (realm: string) => ({ realm }) as unknown as void & { realm: string };

const base = (realm: string) => `/admin/realms/${encodeURIComponent(realm)}`;

/** The flow overview with usage. Keycloak answers it whole (there is no paging on this endpoint). */
export function fetchFlowOverview(client: KeycloakAdminClient, realm: string): Promise<FlowOverview[]> {
  return adminFetch<FlowOverview[]>(client, `${base(realm)}/ui-ext/authentication-management/flows`);
}

export async function fetchFlow(client: KeycloakAdminClient, realm: string, id: string): Promise<Flow | undefined> {
  return (await client.authenticationManagement.getFlow({ realm, flowId: id }, { catchNotFound: true })) ?? undefined;
}

export function fetchExecutions(client: KeycloakAdminClient, realm: string, alias: string): Promise<ExecutionInfo[]> {
  return client.authenticationManagement.getExecutions({ realm, flow: alias });
}

export function createFlow(client: KeycloakAdminClient, realm: string, flow: Flow): Promise<Flow> {
  return client.authenticationManagement.createFlow({ realm, ...flow, topLevel: true, builtIn: false });
}

/** Copies a flow (sub-flows and configs included); returns the new flow's id from the Location header. */
export async function copyFlow(client: KeycloakAdminClient, realm: string, alias: string, newName: string) {
  await client.authenticationManagement.copyFlow({ realm, flow: alias, newName });
  const flows = await client.authenticationManagement.getFlows({ realm });
  return flows.find((flow) => flow.alias === newName);
}

export function updateFlow(client: KeycloakAdminClient, realm: string, flow: Flow): Promise<unknown> {
  return client.authenticationManagement.updateFlow({ realm, flowId: flow.id! }, flow);
}

export function deleteFlow(client: KeycloakAdminClient, realm: string, id: string): Promise<unknown> {
  return client.authenticationManagement.deleteFlow({ realm, flowId: id });
}

/** Binds a flow to a realm purpose (Keycloak's realm update applies only the fields sent). */
export function bindFlow(client: KeycloakAdminClient, realm: string, binding: RealmBinding, alias: string) {
  return client.realms.update({ realm }, { [binding]: alias } as RealmRepresentation);
}

export function fetchRealmForAuthentication(client: KeycloakAdminClient, realm: string) {
  return client.realms.findOne({ realm }) as Promise<RealmRepresentation | undefined>;
}

export function updateRealmPolicies(client: KeycloakAdminClient, realm: string, fields: RealmRepresentation) {
  return client.realms.update({ realm }, fields);
}

/** The providers a step can use in a flow of this type, as Keycloak's add-execution dialog lists them. */
export function fetchProviders(client: KeycloakAdminClient, realm: string, flowType: string): Promise<Provider[]> {
  const management = client.authenticationManagement;
  if (flowType === "client-flow") return management.getClientAuthenticatorProviders(inRealm(realm));
  if (flowType === "form-flow") return management.getFormActionProviders(inRealm(realm));
  return management.getAuthenticatorProviders(inRealm(realm));
}

export function fetchFormProviders(client: KeycloakAdminClient, realm: string): Promise<Provider[]> {
  return client.authenticationManagement.getFormProviders(inRealm(realm));
}

export function addExecution(client: KeycloakAdminClient, realm: string, flowAlias: string, provider: string) {
  return client.authenticationManagement.addExecutionToFlow({ realm, flow: flowAlias, provider });
}

export interface NewSubFlow {
  alias: string;
  description: string;
  type: "basic-flow" | "form-flow";
  provider: string;
}

export function addSubFlow(client: KeycloakAdminClient, realm: string, flowAlias: string, sub: NewSubFlow) {
  return client.authenticationManagement.addFlowToFlow({ realm, flow: flowAlias, ...sub });
}

/** Requirement changes go to the top-level flow's executions, as Keycloak's console sends them. */
export function updateExecution(client: KeycloakAdminClient, realm: string, flowAlias: string, info: ExecutionInfo) {
  return client.authenticationManagement.updateExecution({ realm, flow: flowAlias }, info);
}

export function moveExecution(client: KeycloakAdminClient, realm: string, id: string, direction: "up" | "down") {
  const management = client.authenticationManagement;
  return direction === "up"
    ? management.raisePriorityExecution({ realm, id })
    : management.lowerPriorityExecution({ realm, id });
}

export function deleteExecution(client: KeycloakAdminClient, realm: string, id: string) {
  return client.authenticationManagement.delExecution({ realm, id });
}

export function fetchConfigDescription(client: KeycloakAdminClient, realm: string, providerId: string) {
  return client.authenticationManagement.getConfigDescription({ realm, providerId });
}

export function fetchConfig(client: KeycloakAdminClient, realm: string, id: string) {
  return client.authenticationManagement.getConfig({ realm, id });
}

/** Creates the execution's config, or updates the one it has. */
export function saveConfig(
  client: KeycloakAdminClient,
  realm: string,
  executionId: string,
  existingId: string | undefined,
  config: AuthenticatorConfig,
) {
  const management = client.authenticationManagement;
  return existingId
    ? management.updateConfig({ realm, ...config, id: existingId })
    : management.createConfig({ realm, ...config, id: executionId });
}

/** A required action as the console lists it: registered ones with the server's data, unregistered ones off. */
export interface RequiredActionRow extends RequiredAction {
  configurable?: boolean;
  registered: boolean;
}

export async function fetchRequiredActions(client: KeycloakAdminClient, realm: string): Promise<RequiredActionRow[]> {
  const management = client.authenticationManagement;
  const [registered, configurable, unregistered] = await Promise.all([
    management.getRequiredActions(inRealm(realm)),
    adminFetch<{ alias: string; configurable?: boolean }[]>(
      client,
      `${base(realm)}/ui-ext/authentication-management/required-actions`,
    ).catch(() => []),
    management.getUnregisteredRequiredActions(inRealm(realm)),
  ]);
  const canConfigure = new Set(configurable.filter((a) => a.configurable).map((a) => a.alias));
  return [
    ...registered
      .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0))
      .map((action) => ({ ...action, registered: true, configurable: canConfigure.has(action.alias ?? "") })),
    ...unregistered.map((action) => ({
      alias: action.providerId,
      providerId: action.providerId,
      name: action.name,
      enabled: false,
      defaultAction: false,
      registered: false,
    })),
  ];
}

export function updateRequiredAction(client: KeycloakAdminClient, realm: string, action: RequiredAction) {
  return client.authenticationManagement.updateRequiredAction({ realm, alias: action.alias! }, action);
}

export function registerRequiredAction(client: KeycloakAdminClient, realm: string, providerId: string, name: string) {
  return client.authenticationManagement.registerRequiredAction({ realm, providerId, name });
}

export function moveRequiredAction(
  client: KeycloakAdminClient,
  realm: string,
  alias: string,
  direction: "up" | "down",
) {
  const management = client.authenticationManagement;
  return direction === "up"
    ? management.raiseRequiredActionPriority({ realm, alias })
    : management.lowerRequiredActionPriority({ realm, alias });
}

export async function fetchRequiredActionConfig(client: KeycloakAdminClient, realm: string, alias: string) {
  const management = client.authenticationManagement;
  const [description, config] = await Promise.all([
    management.getRequiredActionConfigDescription({ realm, alias }),
    management.getRequiredActionConfig({ realm, alias }),
  ]);
  return { properties: description.properties ?? [], config: config.config ?? {} };
}

export function saveRequiredActionConfig(
  client: KeycloakAdminClient,
  realm: string,
  alias: string,
  config: Record<string, string>,
) {
  return client.authenticationManagement.updateRequiredActionConfig({ realm, alias }, { config });
}
