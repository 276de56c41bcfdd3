import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface ConfigProperty {
  name: string;
  label?: string;
  helpText?: string;
  type?: string;
  defaultValue?: unknown;
  options?: string[];
  secret?: boolean;
}

export interface ComponentType {
  id: string;
  helpText?: string;
  properties: ConfigProperty[];
  metadata?: Record<string, unknown>;
}

/** The static part of /admin/serverinfo (themes, providers, component types, mapper types, ...). */
export interface ServerInfoCatalog {
  themes: Record<string, { name: string; locales?: string[] }[]>;
  socialProviders: { id: string; name: string; groupName?: string }[];
  identityProviders: { id: string; name: string; groupName?: string }[];
  clientImporters: { id: string; name: string }[];
  providers: Record<string, { internal: boolean; providers: Record<string, { order: number }> }>;
  protocolMapperTypes: Record<string, ComponentType[]>;
  builtinProtocolMappers: Record<string, unknown[]>;
  clientInstallations: Record<string, unknown[]>;
  componentTypes: Record<string, ComponentType[]>;
  passwordPolicies: unknown[];
  enums: Record<string, string[]>;
}

let cached: ServerInfoCatalog | undefined;

export function catalog(): ServerInfoCatalog {
  cached ??= JSON.parse(readFileSync(join(import.meta.dirname, "serverinfo-data.json"), "utf8")) as ServerInfoCatalog;
  return cached;
}

export function componentTypes(providerType: string): ComponentType[] {
  return catalog().componentTypes[providerType] ?? [];
}
