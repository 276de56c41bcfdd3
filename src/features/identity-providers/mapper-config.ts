import type { ConfigProperty } from "../../core/ui/dynamic/index.ts";
import { MULTI_VALUE_SEPARATOR } from "../../core/ui/form/form-constants.ts";

const MULTI = ["MultivaluedList", "MultivaluedString"];

/** An identity provider mapper's `Map<String, String>` config as the string lists the dynamic form reads. */
export function mapperConfigToLists(
  properties: ConfigProperty[],
  config: Record<string, string> | undefined,
): Record<string, string[]> {
  const multi = new Set(properties.filter((p) => MULTI.includes(p.type ?? "")).map((p) => p.name));
  const lists: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(config ?? {})) {
    if (value === undefined || value === null) continue;
    lists[name] = multi.has(name) ? value.split(MULTI_VALUE_SEPARATOR).filter(Boolean) : [value];
  }
  return lists;
}

/** The dynamic form's string lists back to Keycloak's string map: multivalued properties joined with `##`. */
export function listsToMapperConfig(lists: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(lists).map(([name, values]) => [name, values.join(MULTI_VALUE_SEPARATOR)]));
}
