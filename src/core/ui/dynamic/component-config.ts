import { keyValueToMap, mapToKeyValue, type KeyValueEntry } from "../form/key-value-convert.ts";
import { decodeAttributeName, encodeAttributeName } from "../user-profile/field-names.ts";
import { LIST_TYPES, type ConfigProperty } from "./config-property.ts";

/** A property's value as the dynamic form edits it. */
export type ConfigFormValue = string | number | string[] | KeyValueEntry[];

/** The form's `config`: property names with dots encoded. */
export type ConfigFormValues = Record<string, ConfigFormValue>;

/** Keycloak's ComponentRepresentation config: every value a list of strings. */
export type ComponentConfig = Record<string, string[]>;

const asList = (value: unknown): string[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value.map(String) : [String(value)];

function parseMap(text: string | undefined): KeyValueEntry[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed))
      return parsed.map((entry: { key?: unknown; value?: unknown }) => ({
        key: String(entry?.key ?? ""),
        value: String(entry?.value ?? ""),
      }));
    if (parsed && typeof parsed === "object") return mapToKeyValue(parsed as Record<string, string | string[]>);
  } catch {
    /* not JSON: shown as no rows */
  }
  return [];
}

function formValue(property: ConfigProperty, stored: string[]): ConfigFormValue {
  const type = property.type ?? "String";
  if (LIST_TYPES.includes(type)) return stored;
  if (type === "Map") return parseMap(stored[0]);
  if (type === "Integer" || type === "Number") {
    const number = Number(stored[0]);
    return stored[0] === undefined || stored[0] === "" || !Number.isFinite(number) ? "" : number;
  }
  if (type === "boolean") return stored[0] === "true" ? "true" : "false";
  return stored[0] ?? "";
}

/** A component's config as form values: defaults where the config has no value, names encoded. */
export function fromComponentConfig(
  properties: ConfigProperty[],
  config: Record<string, string | string[]> | undefined = {},
): ConfigFormValues {
  const values: ConfigFormValues = {};
  for (const property of properties) {
    if (!property.name) continue;
    const stored = property.name in config ? asList(config[property.name]) : asList(property.defaultValue);
    values[encodeAttributeName(property.name)] = formValue(property, stored);
  }
  return values;
}

function storedValue(property: ConfigProperty, value: ConfigFormValue | undefined): string[] {
  const type = property.type ?? "String";
  if (value === undefined || value === null) return [];
  if (type === "Map") {
    const rows = (value as KeyValueEntry[]).filter((row) => row.key.trim() !== "");
    return rows.length ? [JSON.stringify(rows.map((row) => ({ key: row.key.trim(), value: row.value })))] : [];
  }
  if (Array.isArray(value)) return (value as string[]).map(String).filter((entry) => entry !== "");
  if (value === "") return [];
  return [String(value)];
}

/**
 * Form values back to Keycloak's config (`Record<string, string[]>`): names decoded, empty values
 * left out, Map rows as one JSON value; a secret still holding the mask is sent back unchanged.
 */
export function toComponentConfig(
  properties: ConfigProperty[],
  values: ConfigFormValues | undefined = {},
): ComponentConfig {
  const config: ComponentConfig = {};
  const byName = new Map(properties.map((property) => [property.name ?? "", property]));
  for (const [encoded, value] of Object.entries(values)) {
    const name = decodeAttributeName(encoded);
    const property = byName.get(name) ?? { name, type: "String" };
    const stored = storedValue(property, value);
    if (stored.length) config[name] = stored;
  }
  return config;
}

/** Key-value rows of a Map property, for callers that need the map itself. */
export const mapPropertyValue = (rows: KeyValueEntry[]) => keyValueToMap(rows);
