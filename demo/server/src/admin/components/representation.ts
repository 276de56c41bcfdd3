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

export function componentRepresentation(component: ComponentRecord): Record<string, unknown> {
  const hidden = secretKeys(component);
  const config: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(component.config)) {
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
