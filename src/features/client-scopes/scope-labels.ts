import type { TFunction } from "i18next";
import type { ScopeType } from "./client-scope-model.ts";

const TYPE_KEYS: Record<ScopeType, string> = {
  none: "none",
  default: "defaultLanguage",
  optional: "scopeTypeOptional",
};
const PROTOCOL_KEYS: Record<string, string> = { "openid-connect": "protocolOpenIdConnect", saml: "protocolSaml" };

export const scopeTypeLabel = (t: TFunction, type: ScopeType) => t(TYPE_KEYS[type]);

/** A protocol's display name; unknown protocols (oid4vc, custom) as the server names them. */
export const protocolLabel = (t: TFunction, protocol: string | undefined) =>
  protocol && PROTOCOL_KEYS[protocol] ? t(PROTOCOL_KEYS[protocol]) : (protocol ?? "");
