import type { Component } from "./queries.ts";
import { STORAGE_TYPE } from "./paths.ts";

/** A provider as the forms hold it: its name and every config entry as one text ("true"/"false" for switches). */
export interface ProviderFormValues {
  name: string;
  config: Record<string, string>;
}

export function fromComponent(component: Component | undefined, defaults: Record<string, string>): ProviderFormValues {
  const config: Record<string, string> = { ...defaults };
  for (const [key, values] of Object.entries(component?.config ?? {})) config[key] = String(values?.[0] ?? "");
  return { name: component?.name ?? "", config };
}

/**
 * The component to save. Empty texts are left out; a masked secret goes back as it came, which the server reads as
 * "keep the stored value" (the bind credential is never wiped by a second save, upstream #31001).
 */
export function toComponent(values: ProviderFormValues, providerId: string, parentId?: string): Component {
  const config: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(values.config)) if (value !== "") config[key] = [value];
  return { name: values.name.trim(), providerId, providerType: STORAGE_TYPE, parentId, config };
}
