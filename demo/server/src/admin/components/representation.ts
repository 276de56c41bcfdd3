import type { ComponentRecord } from "../../store/types.ts";
import { componentTypes, type ComponentType } from "../server-info/catalog.ts";
import { UI_PAGE_PROVIDER, UI_TAB_PROVIDER, uiProviderTypes } from "../server-info/ui-pages.ts";

export const SECRET_MASK = "**********";
const ALWAYS_SECRET = new Set([
  "privateKey",
  "secret",
  "bindCredential",
  "keystorePassword",
  "keyPassword",
  "ecdsaPrivateKey",
  "eddsaPrivateKey",
]);

/** Config keys Keycloak never shows: those the provider marks secret, and the usual key material. */
export function secretKeys(component: Pick<ComponentRecord, "providerType" | "providerId">): Set<string> {
  const keys = new Set(ALWAYS_SECRET);
  const type = componentTypes(component.providerType).find((t) => t.id === component.providerId);
  for (const property of type?.properties ?? []) if (property.secret) keys.add(property.name);
  return keys;
}

const KEY_PROVIDER = "org.keycloak.keys.KeyProvider";

/**
 * The provider types whose every property this server declares as Keycloak's providers do; of these Keycloak shows
 * only the declared properties (no kid or generated secret of a key provider, no stray key of an extension's page).
 */
const DECLARED_TYPES: Record<string, (providerType: string) => ComponentType[]> = {
  [KEY_PROVIDER]: componentTypes,
  [UI_PAGE_PROVIDER]: uiProviderTypes,
  [UI_TAB_PROVIDER]: uiProviderTypes,
};

function shownKeys(component: ComponentRecord): Set<string> | undefined {
  const typesOf = DECLARED_TYPES[component.providerType];
  const type = typesOf?.(component.providerType).find((t) => t.id === component.providerId);
  return type && new Set(type.properties.map((property) => property.name));
}

export function componentRepresentation(component: ComponentRecord): Record<string, unknown> {
  const hidden = secretKeys(component);
  const shown = shownKeys(component);
  const config: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(component.config)) {
    if (shown && !shown.has(key)) continue;
    config[key] = hidden.has(key) ? values.map((v) => (v ? SECRET_MASK : v)) : values;
  }
  const rep: Record<string, unknown> = {
    id: component.id,
    name: component.name,
    providerId: component.providerId,
    providerType: component.providerType,
    parentId: component.parentId,
    config,
  };
  if (component.subType !== undefined) rep.subType = component.subType;
  return rep;
}
