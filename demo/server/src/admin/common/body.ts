import { HttpError } from "../../http/errors.ts";

/** What Keycloak answers when Jackson cannot read the body into the representation the endpoint expects. */
export const unparsableBody = () =>
  new HttpError(400, { error: "unknown_error", error_description: "Cannot parse the JSON" });

/** The JSON object body of a request, or 400 when it is missing or not an object. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw unparsableBody();
  return body as Record<string, unknown>;
}

/** A JSON array of objects, or 400 when the body is not an array. */
export function arrayBody(body: unknown): Record<string, unknown>[] {
  if (!Array.isArray(body)) throw unparsableBody();
  return body.filter((item): item is Record<string, unknown> => !!item && typeof item === "object");
}

/** A body sent as a bare JSON string (`"some-id"`), as Keycloak's member and IdP link endpoints expect. */
export function stringBody(body: unknown): string {
  if (typeof body !== "string") return "";
  const trimmed = body.trim();
  if (!trimmed.startsWith('"')) return trimmed;
  try {
    return String(JSON.parse(trimmed));
  } catch {
    return trimmed;
  }
}

export const optionalString = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** `{ key: ["v"] }` attribute maps, keeping only string values. */
export function attributesOf(value: unknown): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  if (!value || typeof value !== "object") return attributes;
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    const list = Array.isArray(raw) ? raw : [raw];
    attributes[key] = list.filter((v) => v !== null && v !== undefined).map(String);
  }
  return attributes;
}

/** `{ key: "v" }` config maps; non-string values are stringified as Keycloak does. */
export function stringMapOf(value: unknown): Record<string, string> {
  const map: Record<string, string> = {};
  if (!value || typeof value !== "object") return map;
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (raw === null || raw === undefined) continue;
    map[key] = typeof raw === "string" ? raw : Array.isArray(raw) ? raw.map(String).join("##") : String(raw);
  }
  return map;
}
