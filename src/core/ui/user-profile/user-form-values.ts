import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { decodeAttributeName, encodeAttributeName, isRootAttribute } from "./field-names.ts";

/** A user as the profile form edits it: root fields plus `attributes` keyed by encoded names. */
export type UserFormValues = Omit<UserRepresentation, "attributes"> & {
  attributes?: Record<string, string[]>;
};

const asList = (value: unknown): string[] => {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
};

/** The user as form values: attribute names encoded, every attribute a list of strings. */
export function toUserFormValues(user: UserRepresentation): UserFormValues {
  const attributes: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(user.attributes ?? {})) {
    if (isRootAttribute(name)) continue;
    attributes[encodeAttributeName(name)] = asList(value);
  }
  return { ...user, attributes };
}

/** Form values back to a UserRepresentation: names decoded, empty entries of multi-values dropped. */
export function toUserRepresentation(values: UserFormValues): UserRepresentation {
  const { attributes = {}, ...rest } = values;
  const decoded: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const original = decodeAttributeName(name);
    if (isRootAttribute(original)) continue;
    decoded[original] = asList(value).filter((entry) => entry !== "");
  }
  return { ...rest, attributes: decoded };
}
