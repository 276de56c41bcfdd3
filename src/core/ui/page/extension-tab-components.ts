import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import { UI_TAB_PROVIDER } from "../../api/server-info.ts";

/**
 * The name of the component a per-entity tab keeps for one entity (Keycloak shows a component's config only with the
 * provider's own properties, so the address's parameters cannot tell components apart): the provider's id, then the
 * entity's ids.
 */
export const tabComponentName = (providerId: string, entity: Record<string, string>) =>
  [providerId, ...Object.values(entity)].join("/");

/**
 * Deletes the components the entity's extension tabs kept (named after the entity's id), once the entity is gone:
 * Keycloak leaves a realm's components when a client is deleted, so the console that named them removes them.
 */
export async function removeEntityTabComponents(
  adminClient: KeycloakAdminClient,
  realm: string,
  entityId: string,
): Promise<void> {
  const components = await adminClient.components.find({ realm, type: UI_TAB_PROVIDER });
  const kept = components.filter((c) => c.name === tabComponentName(c.providerId ?? "", { id: entityId }));
  await Promise.all(kept.map((c) => adminClient.components.del({ realm, id: c.id! })));
}
