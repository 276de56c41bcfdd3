import type { ComponentRecord } from "../../store/types.ts";
import { componentTypes } from "../server-info/catalog.ts";

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

/** A key provider's config as Keycloak shows it: only the properties the provider declares (no kid, no generated secret). */
function shownKeys(component: ComponentRecord): Set<string> | undefined {
  if (component.providerType !== KEY_PROVIDER) return undefined;
  const type = componentTypes(KEY_PROVIDER).find((t) => t.id === component.providerId);
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
