import type { Db } from "../../store/db.ts";
import type { ClientRecord, RealmRecord } from "../../store/types.ts";
import { webError } from "../../http/errors.ts";
import { realmRoleByName } from "../../realm/lookup.ts";
import { clientByClientId } from "../clients/lookups.ts";

/**
 * Per policy type: Keycloak's typed representation (`POST /policy/{type}`) to and from the stored config map
 * (PolicyRepresentation.config, JSON lists kept as strings). Every check runs before anything is stored. What
 * Keycloak 26.7.3 stores is stored too: a policy with no roles, users, groups, clients, client scopes or time fields.
 */

export const POLICY_TYPES = ["role", "user", "group", "client", "client-scope", "time", "regex", "aggregate", "js"];
export const PERMISSION_TYPE_NAMES = ["resource", "scope"];

/**
 * Policy providers as `GET /policy/providers` and `GET /permission/providers` both list them: Keycloak 26.7.3's
 * non-internal policy provider factories (the permission types too; js is internal), with their names and groups.
 */
export const POLICY_PROVIDERS = [
  { type: "aggregate", name: "Aggregated", group: "Others" },
  { type: "client", name: "Client", group: "Identity Based" },
  { type: "client-scope", name: "Client Scope", group: "Identity Based" },
  { type: "group", name: "Group", group: "Identity Based" },
  { type: "regex", name: "Regex", group: "Identity Based" },
  { type: "role", name: "Role", group: "Identity Based" },
  { type: "time", name: "Time", group: "Time Based" },
  { type: "user", name: "User", group: "Identity Based" },
  { type: "resource", name: "Resource-Based", group: "Permission" },
  { type: "scope", name: "Scope-Based", group: "Permission" },
];

export const TIME_FIELDS = [
  "notBefore",
  "notOnOrAfter",
  "dayMonth",
  "dayMonthEnd",
  "month",
  "monthEnd",
  "year",
  "yearEnd",
  "hour",
  "hourEnd",
  "minute",
  "minuteEnd",
] as const;

const invalid = (message: string) => webError(400, message);

export function jsonList(value: string | undefined): unknown[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const idOf = (entry: unknown): string | undefined =>
  typeof entry === "string"
    ? entry
    : entry && typeof entry === "object"
      ? stringOf((entry as { id?: unknown }).id)
      : undefined;
function stringOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}
const boolOf = (value: unknown): boolean => value === true || value === "true";

/** A role given by id, or by name (`realm-role` or `client-id/role`) as imports write it. */
function resolveRole(db: Db, realm: RealmRecord, ref: string): string | undefined {
  const byId = db.get("roles", ref);
  if (byId && byId.realmId === realm.id) return byId.id;
  const byName = realmRoleByName(db, realm.id, ref);
  if (byName) return byName.id;
  const slash = ref.indexOf("/");
  if (slash > 0) {
    const client = clientByClientId(db, realm, ref.slice(0, slash));
    const name = ref.slice(slash + 1);
    if (client)
      for (const role of db.iterate("roles", realm.id))
        if (role.clientId === client.id && role.name === name) return role.id;
  }
  return undefined;
}

function resolveUser(db: Db, realm: RealmRecord, ref: string): string | undefined {
  const byId = db.get("users", ref);
  if (byId && byId.realmId === realm.id) return byId.id;
  const lower = ref.toLowerCase();
  for (const user of db.iterate("users", realm.id)) if (user.username === lower) return user.id;
  return undefined;
}

function resolveGroup(db: Db, realm: RealmRecord, ref: string): string | undefined {
  const byId = db.get("groups", ref);
  if (byId && byId.realmId === realm.id) return byId.id;
  const names = ref.split("/").filter(Boolean);
  let parentId: string | null = null;
  let found: string | undefined;
  for (const name of names) {
    found = undefined;
    for (const group of db.iterate("groups", realm.id))
      if (group.parentId === parentId && group.name === name) {
        found = group.id;
        break;
      }
    if (!found) return undefined;
    parentId = found;
  }
  return found;
}

function resolveClient(db: Db, realm: RealmRecord, ref: string): ClientRecord | undefined {
  const byId = db.get("clients", ref);
  if (byId && byId.realmId === realm.id) return byId;
  return clientByClientId(db, realm, ref);
}

function resolveClientScope(db: Db, realm: RealmRecord, ref: string): string | undefined {
  const byId = db.get("clientScopes", ref);
  if (byId && byId.realmId === realm.id) return byId.id;
  for (const scope of db.iterate("clientScopes", realm.id)) if (scope.name === ref) return scope.id;
  return undefined;
}

/** `yyyy-MM-dd HH:mm:ss` as Keycloak's time policy reads notBefore / notOnOrAfter. */
export function parsePolicyDate(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const at = new Date(y!, mo! - 1, d!, h!, mi!, s!);
  return Number.isNaN(at.getTime()) || at.getMonth() !== mo! - 1 ? undefined : at.getTime();
}

/**
 * The config of a policy of `type` from its typed representation, or the config map of a generic one
 * (import, `POST /policy` with `config`). Throws 400 with Keycloak's message when a field is missing or wrong.
 */
export function policyConfig(
  db: Db,
  realm: RealmRecord,
  type: string,
  name: string,
  input: Record<string, unknown>,
  generic: Record<string, string> | undefined,
): Record<string, string> {
  const config: Record<string, string> = {};
  switch (type) {
    case "role": {
      const entries = generic ? jsonList(generic.roles) : asList(input.roles);
      const roles = entries.map((entry) => {
        const ref = idOf(entry) ?? "";
        const id = resolveRole(db, realm, ref);
        if (!id) throw invalid(`Error while updating policy [${name}]. Role [${ref}] could not be found.`);
        const required = entry && typeof entry === "object" && boolOf((entry as { required?: unknown }).required);
        return { id, required };
      });
      config.roles = JSON.stringify(roles);
      const fetchRoles = generic ? generic.fetchRoles : input.fetchRoles;
      if (fetchRoles !== undefined && fetchRoles !== null) config.fetchRoles = String(boolOf(fetchRoles));
      return config;
    }
    case "user": {
      const entries = generic ? jsonList(generic.users) : asList(input.users);
      config.users = JSON.stringify(
        entries.map((entry) => {
          const ref = idOf(entry) ?? "";
          const id = resolveUser(db, realm, ref);
          if (!id) throw invalid(`User [${ref}] does not exist`);
          return id;
        }),
      );
      return config;
    }
    case "group": {
      const entries = generic ? jsonList(generic.groups) : asList(input.groups);
      config.groups = JSON.stringify(
        entries.map((entry) => {
          const object = entry && typeof entry === "object" ? (entry as Record<string, unknown>) : {};
          const ref = idOf(entry) ?? stringOf(object.path) ?? "";
          const id = resolveGroup(db, realm, ref);
          if (!id) throw invalid(`Group [${ref}] does not exist`);
          return { id, extendChildren: boolOf(object.extendChildren) };
        }),
      );
      const claim = generic ? generic.groupsClaim : stringOf(input.groupsClaim);
      if (claim) config.groupsClaim = claim;
      return config;
    }
    case "client": {
      const entries = generic ? jsonList(generic.clients) : asList(input.clients);
      config.clients = JSON.stringify(
        entries.map((entry) => {
          const ref = idOf(entry) ?? "";
          const client = resolveClient(db, realm, ref);
          if (!client) throw invalid(`Client with id [${ref}] not found`);
          return client.id;
        }),
      );
      return config;
    }
    case "client-scope": {
      const entries = generic ? jsonList(generic.clientScopes) : asList(input.clientScopes);
      config.clientScopes = JSON.stringify(
        entries.map((entry) => {
          const ref = idOf(entry) ?? "";
          const id = resolveClientScope(db, realm, ref);
          if (!id) throw invalid(`Error while updating policy [${name}]. Client Scope [${ref}] could not be found.`);
          const required = entry && typeof entry === "object" && boolOf((entry as { required?: unknown }).required);
          return { id, required };
        }),
      );
      return config;
    }
    case "time": {
      for (const field of TIME_FIELDS) {
        const raw = generic ? generic[field] : stringOf(input[field]);
        if (raw === undefined || raw === null || String(raw).trim() === "") continue;
        const value = String(raw).trim();
        if (field === "notBefore" || field === "notOnOrAfter") {
          if (parsePolicyDate(value) === undefined)
            throw invalid("Could not parse a date using format [yyyy-MM-dd HH:mm:ss]");
        } else if (!/^\d+$/.test(value)) {
          throw invalid(`Invalid value [${value}] for ${field}: a whole number is expected`);
        }
        config[field] = value;
      }
      return config;
    }
    case "regex": {
      const targetClaim = generic ? generic.targetClaim : stringOf(input.targetClaim);
      const pattern = generic ? generic.pattern : stringOf(input.pattern);
      // Keycloak 26.7.3 stores a regex policy without claim or pattern, or with a pattern that does not compile
      // (the console's form refuses those as typed; the decision engine denies with the reason).
      if (targetClaim) config.targetClaim = targetClaim;
      if (pattern) config.pattern = pattern;
      const context = generic ? generic.targetContextAttributes : input.targetContextAttributes;
      config.targetContextAttributes = String(boolOf(context));
      return config;
    }
    case "aggregate":
      return config;
    case "resource": {
      const resourceType = generic ? generic.defaultResourceType : stringOf(input.resourceType);
      if (resourceType) config.defaultResourceType = resourceType;
      return config;
    }
    case "scope":
      return config;
    default:
      throw invalid(`Unknown policy provider [${type}]`);
  }
}

/** The type-specific fields of Keycloak's typed representation, read back from the config. */
export function typedFields(type: string, config: Record<string, string>): Record<string, unknown> {
  switch (type) {
    case "role":
      // Keycloak 26.7.3 answers fetchRoles only when the policy's config has it.
      return {
        roles: jsonList(config.roles),
        ...(config.fetchRoles?.trim() ? { fetchRoles: config.fetchRoles === "true" } : {}),
      };
    case "user":
      return { users: jsonList(config.users) };
    case "group":
      return { groups: jsonList(config.groups), ...(config.groupsClaim ? { groupsClaim: config.groupsClaim } : {}) };
    case "client":
      return { clients: jsonList(config.clients) };
    case "client-scope":
      return { clientScopes: jsonList(config.clientScopes) };
    case "time":
      return Object.fromEntries(TIME_FIELDS.filter((field) => config[field]).map((field) => [field, config[field]]));
    case "regex":
      return {
        targetClaim: config.targetClaim,
        pattern: config.pattern,
        targetContextAttributes: config.targetContextAttributes === "true",
      };
    case "js":
      return { code: config.code };
    case "resource":
      return config.defaultResourceType ? { resourceType: config.defaultResourceType } : {};
    default:
      return {};
  }
}
