import { encodeAttributeName } from "../user-profile/field-names.ts";
import type { ConfigPropertyRepresentation as BaseProperty } from "@keycloak/keycloak-admin-client/lib/defs/configPropertyRepresentation.js";

/** A server-info config property; the server also sends `readOnly`, and defaults of any JSON type. */
export type ConfigProperty = Omit<BaseProperty, "defaultValue"> & { readOnly?: boolean; defaultValue?: unknown };

/** Property types the dynamic form renders. */
export const PROPERTY_TYPES = [
  "String",
  "Text",
  "Integer",
  "Number",
  "boolean",
  "List",
  "MultivaluedList",
  "MultivaluedString",
  "ClientList",
  "IdentityProviderMultiList",
  "UserProfileAttributeList",
  "Role",
  "Group",
  "Script",
  "Map",
  "File",
  "Password",
  "Url",
] as const;

export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Types whose form value is a list of strings (the rest hold one string, a number, or key-value rows). */
export const LIST_TYPES: readonly string[] = ["MultivaluedList", "MultivaluedString", "IdentityProviderMultiList"];

/** What the server sends for a secret it will not reveal; kept as is unless the user types a new one. */
export const SECRET_MASK = "**********";

/** The form path of a property's value: `config.<name>`, dots in the name encoded. */
export const configFieldName = (name: string, prefix = "config") => `${prefix}.${encodeAttributeName(name)}`;
