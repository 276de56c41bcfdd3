import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eventTypes } from "../../../events/event-types.ts";

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

/** The data file, with the event types from the table that also decides which events are saved. */
export function catalog(): ServerInfoCatalog {
  if (!cached) {
    const data = JSON.parse(readFileSync(join(import.meta.dirname, "serverinfo-data.json"), "utf8")) as ServerInfoCatalog;
    cached = { ...data, enums: { ...data.enums, eventType: eventTypes().sort() } };
  }
  return cached;
}

export function componentTypes(providerType: string): ComponentType[] {
  return catalog().componentTypes[providerType] ?? [];
}
