import type { ElementBaseProps } from "../core/runtime/element-props.ts";

export type AttributeType = "string" | "boolean" | "number";

export interface AttributeDefinition {
  /** The React prop the attribute feeds. */
  prop: string;
  type: AttributeType;
}

/** Attributes every element understands (ARCHITECTURE.md, Elements). */
export const BASE_ATTRIBUTES: Record<string, AttributeDefinition> = {
  "server-url": { prop: "serverUrl", type: "string" },
  realm: { prop: "realm", type: "string" },
  "auth-realm": { prop: "authRealm", type: "string" },
  "client-id": { prop: "clientId", type: "string" },
  scope: { prop: "scope", type: "string" },
  locale: { prop: "locale", type: "string" },
  theme: { prop: "theme", type: "string" },
  routing: { prop: "routing", type: "string" },
  "base-path": { prop: "basePath", type: "string" },
  "token-provider": { prop: "tokenProviderName", type: "string" },
};

/** Properties that carry objects or functions and are never reflected to attributes. */
export const BASE_OBJECT_PROPERTIES: readonly (keyof ElementBaseProps)[] = ["tokenProvider", "keycloak"];

/** HTML semantics: a boolean is its attribute's presence; a missing attribute is `undefined`. */
export function parseAttribute(type: AttributeType, value: string | null): unknown {
  if (type === "boolean") return value !== null;
  if (value === null) return undefined;
  if (type === "number") {
    const parsed = Number(value);
    return Number.isNaN(parsed) ? undefined : parsed;
  }
  return value;
}

/** The attribute value a property assignment reflects to; `null` removes the attribute. */
export function attributeValueOf(type: AttributeType, value: unknown): string | null {
  if (type === "boolean") return value ? "" : null;
  if (value === null || value === undefined) return null;
  return String(value);
}
