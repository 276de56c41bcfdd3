import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import type ComponentRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentRepresentation.js";
import type ComponentTypeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentTypeRepresentation.js";
import type { ServerInfoRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/serverInfoRepesentation.js";
import type { ClientRegistrationTab } from "../paths.ts";

/** Keycloak's provider type of client registration policies (components of the realm). */
export const REGISTRATION_POLICY_TYPE = "org.keycloak.services.clientregistration.policy.ClientRegistrationPolicy";

export const registrationPolicyKeys = {
  all: (realm: string) => ["clients", realm, "registration-policies"] as const,
  one: (realm: string, id: string) => ["clients", realm, "registration-policies", id] as const,
};

/** The policies of one kind (anonymous or authenticated), by name. */
export async function fetchRegistrationPolicies(
  adminClient: KeycloakAdminClient,
  realm: string,
  subTab: ClientRegistrationTab,
): Promise<ComponentRepresentation[]> {
  const components = await adminClient.components.find({ realm, type: REGISTRATION_POLICY_TYPE });
  return components
    .filter((component) => component.subType === subTab)
    .sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
}

/** The policy providers server info describes (id, help text, config properties). */
export const registrationPolicyProviders = (serverInfo: ServerInfoRepresentation): ComponentTypeRepresentation[] =>
  [...(serverInfo.componentTypes?.[REGISTRATION_POLICY_TYPE] ?? [])].sort((a, b) => a.id.localeCompare(b.id));
