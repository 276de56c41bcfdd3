import type { ServerContext } from "../../context.ts";
import type { ClientRecord, RealmRecord } from "../../store/types.ts";
import { configOfExecution, flowByAlias, flowTree } from "../authentication/lookup.ts";

const LOA_CONDITION = "conditional-level-of-authentication";
const INVALID_MAP = "Invalid client configuration (ACR-LOA map) for client";
const INVALID_DEFAULT =
  "Default ACR values need to contain values specified in the ACR-To-Loa mapping or number levels from set realm browser flow";
const INVALID_MINIMUM =
  "Minimum ACR value needs to be value specified in the ACR-To-Loa mapping or number level from set realm browser flow";
const INVALID_SAML_MINIMUM = "Minimum ACR value needs to be a URI specified in the ACR-To-Loa mapping";

/** An ACR → level map as Keycloak reads it (a JSON object of integers); undefined when it is not one. */
function parseLoaMap(json: string): Record<string, number> | undefined {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
    const entries = Object.entries(parsed as Record<string, unknown>);
    const levels = entries.map(([acr, level]) => [acr, typeof level === "string" ? Number(level) : level] as const);
    const numeric = (entry: readonly [string, unknown]): entry is readonly [string, number] =>
      typeof entry[1] === "number" && Number.isFinite(entry[1]);
    return levels.every(numeric) ? Object.fromEntries(levels.filter(numeric)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ACR → level map that applies to a client with these attributes: its own `acr.loa.map`, else the realm's; an
 * unreadable one counts as empty (Keycloak's AcrUtils.getAcrLoaMap).
 */
export function acrLoaMap(realm: RealmRecord, clientAttributes: Record<string, unknown>): Record<string, number> {
  const own = readLoaMap(clientAttributes["acr.loa.map"]);
  return Object.keys(own).length > 0 ? own : realmLoaMap(realm);
}

/** An attribute's ACR → level map; missing or unreadable counts as empty. */
const readLoaMap = (value: unknown) =>
  (typeof value === "string" && value.trim() ? parseLoaMap(value) : undefined) ?? {};
const realmAttributes = (realm: RealmRecord) => (realm.settings.attributes ?? {}) as Record<string, unknown>;
const realmLoaMap = (realm: RealmRecord) => readLoaMap(realmAttributes(realm)["acr.loa.map"]);

/**
 * A SAML client's ACR URIs: its own `acr.loa.map`, else the realm's ACR-LoA entries under the URIs the realm's
 * `acr.uri.map` gives them (Keycloak's AcrUtils.getUriLoaMap).
 */
function samlAcrUris(realm: RealmRecord, clientAttributes: Record<string, unknown>): Set<string> {
  const own = readLoaMap(clientAttributes["acr.loa.map"]);
  if (Object.keys(own).length > 0) return new Set(Object.keys(own));
  let uris: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(String(realmAttributes(realm)["acr.uri.map"] || "{}")) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) uris = parsed as Record<string, unknown>;
  } catch {
    /* an unreadable map counts as empty */
  }
  return new Set(Object.keys(realmLoaMap(realm)).flatMap((acr) => (typeof uris[acr] === "string" ? [uris[acr]] : [])));
}

/**
 * The levels the realm's browser flow sets in its level-of-authentication conditions, with 0; without any, 0 and 1
 * (Keycloak's LoAUtil.getLoAConfiguredInRealmBrowserFlow).
 */
function browserFlowLevels(server: ServerContext, realm: RealmRecord): number[] {
  const alias = typeof realm.settings.browserFlow === "string" ? realm.settings.browserFlow : "browser";
  const flow = flowByAlias(server, realm, alias);
  const levels = (flow ? flowTree(server, flow) : [])
    .flatMap((each) => each.executions)
    .filter((execution) => execution.authenticator === LOA_CONDITION)
    .map((execution) =>
      Number.parseInt(configOfExecution(server, realm, execution)?.config["loa-condition-level"] ?? ""),
    )
    .filter((level) => Number.isInteger(level));
  return levels.length === 0 ? [0, 1] : [0, ...new Set(levels)];
}

/**
 * The level of an ACR value: its entry in `map`, else the browser flow's level it names (Keycloak's
 * AcrUtils.getLoaForAcr); undefined when it has none. The browser flow is read once, on the first value not in `map`.
 */
export function acrLevels(
  server: ServerContext,
  realm: RealmRecord,
  map: Record<string, number>,
): (acr: string) => number | undefined {
  let flowLevels: number[] | undefined;
  return (acr) =>
    acr in map ? map[acr] : (flowLevels ??= browserFlowLevels(server, realm)).find((level) => String(level) === acr);
}

/**
 * Keycloak's ACR checks of a client as it will be stored (DefaultClientValidationProvider): its `acr.loa.map` must be
 * a JSON object of levels; an OpenID Connect client's default ACR values and minimum ACR value must be in its ACR-LoA
 * map (else the realm's) or be a level the browser flow sets. Attributes not sent keep their stored values.
 */
export function clientAcrProblems(
  server: ServerContext,
  realm: RealmRecord,
  input: Record<string, unknown>,
  stored?: ClientRecord,
): string[] {
  const attributes = {
    ...(stored?.rep.attributes as Record<string, unknown> | undefined),
    ...(input.attributes as Record<string, unknown> | undefined),
  };
  const text = (key: string) => (typeof attributes[key] === "string" ? (attributes[key] as string) : "");
  const protocol = (input.protocol ?? stored?.rep.protocol ?? "openid-connect") as string;
  const problems: string[] = [];
  const ownMapText = text("acr.loa.map").trim();
  const ownMap = ownMapText ? parseLoaMap(ownMapText) : {};
  if ((protocol === "openid-connect" || protocol === "saml") && ownMap === undefined) problems.push(INVALID_MAP);
  const minimum = text("minimum.acr.value");
  if (protocol === "saml" && minimum && !samlAcrUris(realm, attributes).has(minimum))
    problems.push(INVALID_SAML_MINIMUM);
  if (protocol !== "openid-connect") return problems;
  const levelOf = acrLevels(server, realm, acrLoaMap(realm, attributes));
  const known = (acr: string) => levelOf(acr) !== undefined;
  const defaults = text("default.acr.values").split("##").filter(Boolean);
  if (defaults.some((acr) => !known(acr))) problems.push(INVALID_DEFAULT);
  if (minimum && !known(minimum)) problems.push(INVALID_MINIMUM);
  return problems;
}
