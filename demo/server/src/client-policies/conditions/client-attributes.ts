import type { Condition, PolicyConfig } from "../types.ts";
import { judgedClient } from "./judged-client.ts";

/** `attributes` as the console stores a Map property: a JSON list of {key, value}, or already parsed. */
function wantedAttributes(config: PolicyConfig): [string, string[]][] | undefined {
  let value = config.attributes;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(value)) return undefined;
  const byKey = new Map<string, string[]>();
  for (const entry of value as { key?: unknown; value?: unknown }[]) {
    if (typeof entry?.key !== "string") continue;
    byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), String(entry.value ?? "")]);
  }
  return [...byKey];
}

/** The stored client has every configured attribute with exactly the configured value. */
export const clientAttributes: Condition = (ctx, config) => {
  const client = judgedClient(ctx);
  if (!client) return "ABSTAIN";
  const wanted = wantedAttributes(config);
  if (!wanted) return "NO";
  const attributes = (client.rep.attributes ?? {}) as Record<string, unknown>;
  return wanted.every(([key, values]) => values.length === 1 && key in attributes && attributes[key] === values[0])
    ? "YES"
    : "NO";
};
