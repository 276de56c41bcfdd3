import type { TFunction } from "i18next";
import type { UseFormSetError } from "react-hook-form";
import { errorMessage, responseStatus } from "../../api/api-error.ts";
import {
  configFieldName,
  fromComponentConfig,
  toComponentConfig,
  type ConfigFormValues,
  type ConfigProperty,
} from "../dynamic/index.ts";
import { applyServerErrors, MULTI_VALUE_SEPARATOR, translateServerMessage } from "../form/index.ts";

export interface MapperFormValues {
  name: string;
  config: ConfigFormValues;
}

/** Keycloak keeps a mapper's config as one string per key; lists are joined with `##`. */
export function mapperFormConfig(
  properties: ConfigProperty[],
  config: Record<string, string> | undefined,
): ConfigFormValues {
  const lists: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(config ?? {}))
    lists[key] = value.includes(MULTI_VALUE_SEPARATOR) ? value.split(MULTI_VALUE_SEPARATOR) : value;
  return fromComponentConfig(properties, lists);
}

export function mapperConfig(properties: ConfigProperty[], values: ConfigFormValues): Record<string, string> {
  const config: Record<string, string> = {};
  for (const [key, value] of Object.entries(toComponentConfig(properties, values)))
    config[key] = value.join(MULTI_VALUE_SEPARATOR);
  return config;
}

/**
 * The server's answer to a bad mapper next to its field: `{field, errorMessage}` on a config
 * property's field, a message naming a property (by key or by its label, e.g. the pairwise mapper's
 * "Without a configured Sector Identifier URI, …") on that property, a missing name on the name.
 */
export function mapperServerErrors(
  form: { setError: UseFormSetError<MapperFormValues> },
  error: unknown,
  t: TFunction,
  properties: ConfigProperty[],
): void {
  const names = new Set(properties.map((property) => property.name));
  const placed = applyServerErrors(form, error, t, (field) => (names.has(field) ? configFieldName(field) : field));
  if (placed.length > 0) return;
  const message = errorMessage(error);
  const lower = message.toLowerCase();
  const label = (property: ConfigProperty) => (property.label ? t(property.label).toLowerCase() : "");
  const named =
    properties.find((property) => property.name && message.includes(property.name)) ??
    properties.find((property) => label(property).length > 2 && lower.includes(label(property)));
  const field = named
    ? configFieldName(named.name!)
    : responseStatus(error) === 400 && /name/i.test(message)
      ? "name"
      : undefined;
  if (field)
    form.setError(
      field as "name",
      { type: "server", message: translateServerMessage(message, undefined, t) },
      { shouldFocus: true },
    );
}
