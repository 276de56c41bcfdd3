import { badRequest } from "../../http/errors.ts";

/** Keycloak's pattern for client scope names: printable ASCII without space, `"` or `\`. */
const SCOPE_NAME = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
const PROTOCOLS = new Set(["openid-connect", "saml", "oid4vc"]);

export function validateScopeName(name: unknown): string {
  if (typeof name !== "string" || !SCOPE_NAME.test(name))
    throw badRequest(`Unexpected name "${String(name)}" for ClientScope`);
  return name;
}

export function validateScopeProtocol(protocol: unknown): string {
  if (typeof protocol !== "string" || !PROTOCOLS.has(protocol)) throw badRequest("Unexpected protocol");
  return protocol;
}

export function scopeAttributes(value: unknown): Record<string, string | null> {
  const attributes: Record<string, string | null> = {};
  if (!value || typeof value !== "object" || Array.isArray(value)) return attributes;
  for (const [key, raw] of Object.entries(value as Record<string, unknown>))
    attributes[key] = raw === null || raw === undefined ? null : String(raw);
  return attributes;
}
