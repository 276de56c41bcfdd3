import { toComponentConfig, type ConfigFormValues, type ConfigProperty } from "../../core/ui/dynamic/index.ts";

const MULTI = ["MultivaluedList", "MultivaluedString"];

/**
 * Dynamic form values as a plain configuration object, as Keycloak keeps validator, executor and condition
 * settings: lists only for list properties, booleans as booleans, empty values left out.
 */
export function toPlainConfig(properties: ConfigProperty[], values: ConfigFormValues): Record<string, unknown> {
  const stored = toComponentConfig(properties, values);
  const config: Record<string, unknown> = {};
  for (const property of properties) {
    const name = property.name ?? "";
    const value = stored[name];
    if (!value?.length) continue;
    if (MULTI.includes(property.type ?? "")) config[name] = value;
    else if (property.type === "boolean") config[name] = value[0] === "true";
    else config[name] = value[0];
  }
  return config;
}

/** A plain configuration object as the string lists the dynamic form reads. */
export function fromPlainConfig(config: object | undefined): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(config ?? {}))
    lists[name] = Array.isArray(value)
      ? value.map(String)
      : value === undefined || value === null
        ? []
        : [String(value)];
  return lists;
}
