import { badRequest, HttpError } from "../../http/errors.ts";
import { componentTypes } from "../server-info/catalog.ts";
import { objectBody } from "../common/body.ts";

export interface ComponentFields {
  name: string;
  providerId: string;
  providerType: string;
  parentId?: string;
  subType?: string;
  config: Record<string, string[]>;
}

function configOf(value: unknown): Record<string, string[]> {
  const config: Record<string, string[]> = {};
  if (!value || typeof value !== "object") return config;
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    const list = Array.isArray(raw) ? raw : [raw];
    config[key] = list.filter((v) => v !== null && v !== undefined).map(String);
  }
  return config;
}

/** Reads a ComponentRepresentation; providerId and providerType are required. */
export function readComponent(body: unknown, existing?: ComponentFields): ComponentFields {
  const rep = objectBody(body);
  const text = (key: string) => (typeof rep[key] === "string" ? (rep[key] as string) : undefined);
  const providerId = text("providerId") ?? existing?.providerId;
  const providerType = text("providerType") ?? existing?.providerType;
  if (!providerType) throw badRequest("Component providerType is missing");
  if (!providerId) throw badRequest("Component providerId is missing");
  return {
    name: text("name") ?? existing?.name ?? providerId,
    providerId,
    providerType,
    parentId: text("parentId") ?? existing?.parentId,
    subType: text("subType") ?? existing?.subType,
    config: rep.config === undefined ? (existing?.config ?? {}) : configOf(rep.config),
  };
}

const KEY_PROVIDER = "org.keycloak.keys.KeyProvider";

/**
 * Keycloak's checks before it stores a new component: a provider of a type it knows must exist (as server info lists
 * them), and a key provider's priority is a number.
 */
export function validateProvider(fields: ComponentFields): void {
  const types = componentTypes(fields.providerType);
  if (types.length && !types.some((type) => type.id === fields.providerId))
    throw new HttpError(400, { error: "Invalid provider type or no such provider" });
  const priority = fields.config.priority?.[0];
  if (fields.providerType === KEY_PROVIDER && priority !== undefined && priority !== "" && !/^-?\d+$/.test(priority))
    throw badRequest("'Priority' should be a number");
}
