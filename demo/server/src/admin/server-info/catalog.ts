import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eventTypes } from "../../events/event-types.ts";
import { DEFAULT_HASH_ALGORITHM } from "../../realm/password-hash.ts";

export interface ConfigProperty {
  name: string;
  label?: string;
  helpText?: string;
  type?: string;
  defaultValue?: unknown;
  options?: string[];
  secret?: boolean;
  required?: boolean;
  readOnly?: boolean;
}

export interface ComponentType {
  id: string;
  helpText?: string;
  properties: ConfigProperty[];
  metadata?: Record<string, unknown>;
}

export interface PasswordPolicyType {
  id: string;
  displayName: string;
  configType?: string | null;
  defaultValue?: string | null;
  multipleSupported: boolean;
}

/**
 * Keycloak 26's hashing policies: the algorithm defaults to the id of the
 * default password-hashing provider (here pbkdf2-sha512, as this server cannot
 * hash with argon2), the iterations to -1, "the algorithm's own default".
 */
const HASH_POLICY_DEFAULTS: Record<string, string> = { hashAlgorithm: DEFAULT_HASH_ALGORITHM, hashIterations: "-1" };

/** The static part of /admin/serverinfo (themes, providers, component types, mapper types, ...). */
export interface ServerInfoCatalog {
  themes: Record<string, { name: string; locales?: string[] }[]>;
  socialProviders: { id: string; name: string; groupName?: string }[];
  identityProviders: { id: string; name: string; groupName?: string }[];
  parameterizedScopeTypes?: unknown[];
  providers: Record<string, { internal: boolean; providers: Record<string, { order: number }> }>;
  protocolMapperTypes: Record<string, ComponentType[]>;
  builtinProtocolMappers: Record<string, unknown[]>;
  clientInstallations: Record<string, unknown[]>;
  componentTypes: Record<string, ComponentType[]>;
  passwordPolicies: PasswordPolicyType[];
  enums: Record<string, string[]>;
}

let cached: ServerInfoCatalog | undefined;

/** Password hashing providers this server cannot hash with (Keycloak 26.7 lists argon2). */
const UNSUPPORTED_HASHING = ["argon2"];

function withoutUnsupportedHashing(providers: ServerInfoCatalog["providers"]): ServerInfoCatalog["providers"] {
  const hashing = providers["password-hashing"];
  if (!hashing) return providers;
  const supported = Object.entries(hashing.providers).filter(([id]) => !UNSUPPORTED_HASHING.includes(id));
  return { ...providers, "password-hashing": { ...hashing, providers: Object.fromEntries(supported) } };
}

/** The data file (Keycloak 26.7.3's, scripts/capture-serverinfo.ts), with the event types from the table that also decides which events are saved and the hashing defaults of this server. */
export function catalog(): ServerInfoCatalog {
  if (!cached) {
    const data = JSON.parse(
      readFileSync(join(import.meta.dirname, "serverinfo-data.json"), "utf8"),
    ) as ServerInfoCatalog;
    cached = {
      ...data,
      providers: withoutUnsupportedHashing(data.providers),
      passwordPolicies: data.passwordPolicies.map((p) =>
        p.id in HASH_POLICY_DEFAULTS ? { ...p, defaultValue: HASH_POLICY_DEFAULTS[p.id] } : p,
      ),
      enums: { ...data.enums, eventType: eventTypes().sort() },
    };
  }
  return cached;
}

export function componentTypes(providerType: string): ComponentType[] {
  return catalog().componentTypes[providerType] ?? [];
}
