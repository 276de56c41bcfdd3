import type { Db, Tx } from "../../store/db.ts";
import type {
  Attributes,
  AuthzPolicyRecord,
  AuthzResourceRecord,
  AuthzScopeRecord,
  ClientRecord,
  RealmRecord,
} from "../../store/types.ts";
import { HttpError } from "../../http/errors.ts";
import { newId } from "../../common/ids.ts";
import { findInServer, serverPolicies, serverResources, serverScopes } from "./authz-store.ts";
import { policyConfig, POLICY_TYPES, PERMISSION_TYPE_NAMES } from "./policy-types.ts";

/** Keycloak's ErrorResponseException body: `{error, error_description}`. */
export const authzError = (status: number, error: string, description?: string) =>
  new HttpError(status, description === undefined ? { error } : { error, error_description: description });

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;

/** Scopes a resource names (`[{name}]`, `[{id}]` or names): existing ones, and the ones to create, as Keycloak creates them. */
export function resourceScopes(
  db: Db,
  client: ClientRecord,
  input: unknown,
  created: Map<string, AuthzScopeRecord>,
): AuthzScopeRecord[] {
  if (!Array.isArray(input)) return [];
  const byName = new Map(serverScopes(db, client).map((scope) => [scope.name, scope]));
  const out: AuthzScopeRecord[] = [];
  for (const entry of input) {
    const object = entry && typeof entry === "object" ? (entry as Record<string, unknown>) : {};
    const id = text(object.id);
    const name = typeof entry === "string" ? entry : text(object.name);
    const found =
      (id ? findInServer<AuthzScopeRecord>(db, "authzScopes", client, id) : undefined) ??
      (name ? (byName.get(name) ?? created.get(name)) : undefined);
    if (found) {
      if (!out.includes(found)) out.push(found);
      continue;
    }
    if (!name) throw authzError(400, "invalid_request", `Scope [${id}] does not exist`);
    const scope: AuthzScopeRecord = { id: newId(), realmId: client.realmId, resourceServerId: client.id, name };
    created.set(name, scope);
    out.push(scope);
  }
  return out;
}

function attributesOf(input: unknown): Attributes {
  const out: Attributes = {};
  if (!input || typeof input !== "object") return out;
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (Array.isArray(value)) out[key] = value.map(String);
    else if (value !== null && value !== undefined) out[key] = [String(value)];
  }
  return out;
}

/** A resource from its representation (new, or applied onto `existing`), and the scopes it brings. Not stored. */
export function resourceFromInput(
  db: Db,
  realm: RealmRecord,
  client: ClientRecord,
  input: Record<string, unknown>,
  existing: AuthzResourceRecord | undefined,
  createdScopes: Map<string, AuthzScopeRecord>,
): AuthzResourceRecord {
  const name = text(input.name)?.trim();
  if (!name) throw authzError(400, "invalid_request", "Resource name cannot be null or empty");
  const ownerInput = input.owner;
  const ownerRef =
    typeof ownerInput === "string"
      ? ownerInput
      : ownerInput && typeof ownerInput === "object"
        ? (text((ownerInput as Record<string, unknown>).id) ?? text((ownerInput as Record<string, unknown>).name))
        : undefined;
  let ownerId = existing?.ownerId ?? client.id;
  if (ownerRef && !existing && ownerRef !== client.id && ownerRef !== client.clientId) {
    const user =
      db.get("users", ownerRef) ??
      [...db.iterate("users", realm.id)].find((candidate) => candidate.username === ownerRef.toLowerCase());
    if (!user || user.realmId !== realm.id) throw authzError(400, "invalid_request", `Owner [${ownerRef}] not found`);
    ownerId = user.id;
  }
  const sameName = serverResources(db, client).find(
    (other) => other.name === name && other.ownerId === ownerId && other.id !== existing?.id,
  );
  if (sameName) throw authzError(409, "invalid_request", `Resource with name [${name}] already exists.`);
  const uris = Array.isArray(input.uris)
    ? input.uris.filter((uri): uri is string => typeof uri === "string" && uri !== "")
    : typeof input.uri === "string" && input.uri
      ? [input.uri]
      : existing && input.uris === undefined
        ? existing.uris
        : [];
  const scopes = resourceScopes(db, client, input.scopes, createdScopes);
  const record: AuthzResourceRecord = {
    id: existing?.id ?? (text(input._id) && !db.get("authzResources", text(input._id)!) ? text(input._id)! : newId()),
    realmId: realm.id,
    resourceServerId: client.id,
    name,
    uris,
    ownerId,
    ownerManagedAccess: input.ownerManagedAccess === true,
    scopeIds: scopes.map((scope) => scope.id),
    attributes: attributesOf(input.attributes),
  };
  const displayName = text(input.displayName);
  if (displayName) record.displayName = displayName;
  const type = text(input.type);
  if (type) record.type = type;
  const iconUri = text(input.icon_uri);
  if (iconUri) record.iconUri = iconUri;
  return record;
}

export function scopeFromInput(
  db: Db,
  realm: RealmRecord,
  client: ClientRecord,
  input: Record<string, unknown>,
  existing?: AuthzScopeRecord,
): AuthzScopeRecord {
  const name = text(input.name)?.trim();
  if (!name) throw authzError(400, "invalid_request", "Scope name cannot be null or empty");
  if (serverScopes(db, client).some((other) => other.name === name && other.id !== existing?.id))
    throw authzError(409, "invalid_request", `Scope with name [${name}] already exists`);
  const record: AuthzScopeRecord = {
    id: existing?.id ?? (text(input.id) && !db.get("authzScopes", text(input.id)!) ? text(input.id)! : newId()),
    realmId: realm.id,
    resourceServerId: client.id,
    name,
  };
  const displayName = text(input.displayName);
  if (displayName) record.displayName = displayName;
  const iconUri = text(input.iconUri);
  if (iconUri) record.iconUri = iconUri;
  return record;
}

/**
 * A scope create as Keycloak 26.7.3 answers it: the scope named by the body's id, else the one with the body's name,
 * is updated (name, display name and icon URI as sent); only when there is none is a scope created. A name another
 * scope has is refused with Keycloak's 409 "Duplicate resource error".
 */
export function scopeToCreate(
  db: Db,
  realm: RealmRecord,
  client: ClientRecord,
  input: Record<string, unknown>,
): AuthzScopeRecord {
  const id = text(input.id);
  const name = text(input.name)?.trim();
  const scopes = serverScopes(db, client);
  const existing = id
    ? findInServer<AuthzScopeRecord>(db, "authzScopes", client, id)
    : scopes.find((scope) => scope.name === name);
  if (name && scopes.some((other) => other.name === name && other.id !== existing?.id))
    throw authzError(409, "conflict", "Duplicate resource error");
  return scopeFromInput(db, realm, client, input, existing);
}

/** Ids or names of records of the server; 400 naming the first one missing. */
function resolveRefs<T extends { id: string; name: string }>(
  refs: unknown,
  records: T[],
  extra: T[],
  kind: string,
): string[] {
  if (!Array.isArray(refs)) return [];
  const byId = new Map([...records, ...extra].map((r) => [r.id, r]));
  const byName = new Map([...records, ...extra].map((r) => [r.name, r]));
  return refs.map((ref) => {
    const key = String(ref);
    const found = byId.get(key) ?? byName.get(key);
    if (!found)
      throw authzError(
        400,
        "invalid_request",
        `${kind} [${key}] does not exist or is not owned by the resource server.`,
      );
    return found.id;
  });
}

/** Records of one import, not stored yet, that later ones may name. */
export interface PendingRecords {
  policies: AuthzPolicyRecord[];
  resources: AuthzResourceRecord[];
  scopes: AuthzScopeRecord[];
}

const STRATEGIES = new Set(["UNANIMOUS", "AFFIRMATIVE", "CONSENSUS"]);

/**
 * A policy or permission of `type` from a typed or generic representation, every reference resolved and checked.
 * `pending` holds records of the same import not stored yet.
 */
export function policyFromInput(
  db: Db,
  realm: RealmRecord,
  client: ClientRecord,
  type: string,
  input: Record<string, unknown>,
  existing: AuthzPolicyRecord | undefined,
  pending: PendingRecords = { policies: [], resources: [], scopes: [] },
  allowScripts = false,
): AuthzPolicyRecord {
  if (!POLICY_TYPES.includes(type) && !PERMISSION_TYPE_NAMES.includes(type))
    throw authzError(400, "invalid_request", `Policy provider for type [${type}] not found`);
  const name = text(input.name)?.trim();
  if (!name) throw authzError(400, "invalid_request", "Policy name cannot be null or empty");
  const allPolicies = [...serverPolicies(db, client), ...pending.policies];
  if (allPolicies.some((other) => other.name === name && other.id !== existing?.id))
    throw authzError(409, `Policy with name [${name}] already exists`, "Conflicting policy");
  const generic =
    input.config && typeof input.config === "object"
      ? Object.fromEntries(Object.entries(input.config as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
      : undefined;
  if (type === "js" && !existing && !allowScripts)
    throw authzError(400, "invalid_request", "Script upload is disabled");
  const config =
    type === "js"
      ? { code: generic?.code ?? text(input.code) ?? "" }
      : policyConfig(db, realm, type, name, input, generic);

  const listOf = (field: "resources" | "scopes" | "policies", configKey: string): unknown =>
    Array.isArray(input[field]) ? input[field] : generic?.[configKey] ? JSON.parse(generic[configKey]!) : undefined;
  const resourceIds = resolveRefs(
    listOf("resources", "resources"),
    serverResources(db, client),
    pending.resources,
    "Resource",
  );
  const scopeIds = resolveRefs(listOf("scopes", "scopes"), serverScopes(db, client), pending.scopes, "Scope");
  const policyIds = resolveRefs(listOf("policies", "applyPolicies"), allPolicies, [], "Policy");
  if (existing && policyIds.includes(existing.id))
    throw authzError(400, "invalid_request", `Policy [${name}] can not be associated with itself`);
  // Keycloak 26.7.3 stores an aggregate without policies and a permission naming no resource, type or scope.

  const strategy = text(input.decisionStrategy);
  const record: AuthzPolicyRecord = {
    id: existing?.id ?? (text(input.id) && !db.get("authzPolicies", text(input.id)!) ? text(input.id)! : newId()),
    realmId: realm.id,
    resourceServerId: client.id,
    name,
    type,
    logic: input.logic === "NEGATIVE" ? "NEGATIVE" : "POSITIVE",
    decisionStrategy:
      strategy && STRATEGIES.has(strategy) ? (strategy as AuthzPolicyRecord["decisionStrategy"]) : "UNANIMOUS",
    config,
    resourceIds,
    scopeIds,
    policyIds,
  };
  const description = text(input.description);
  if (description) record.description = description;
  return record;
}

/** Removes a policy; aggregates and permissions left with no policy go too, as Keycloak does. */
export function deletePolicy(db: Db, tx: Tx, client: ClientRecord, policy: AuthzPolicyRecord): void {
  for (const other of serverPolicies(db, client)) {
    if (other.id === policy.id || !other.policyIds.includes(policy.id)) continue;
    if (other.policyIds.length === 1) tx.delete("authzPolicies", other.id);
    else tx.put("authzPolicies", { ...other, policyIds: other.policyIds.filter((id) => id !== policy.id) });
  }
  tx.delete("authzPolicies", policy.id);
}

/** Removes a resource; a policy or permission (resource- or scope-based) naming only it goes too, as in Keycloak. */
export function deleteResource(db: Db, tx: Tx, client: ClientRecord, resource: AuthzResourceRecord): void {
  for (const policy of serverPolicies(db, client)) {
    if (!policy.resourceIds.includes(resource.id)) continue;
    if (policy.resourceIds.length === 1) tx.delete("authzPolicies", policy.id);
    else tx.put("authzPolicies", { ...policy, resourceIds: policy.resourceIds.filter((id) => id !== resource.id) });
  }
  for (const ticket of db.iterate("authzTickets", client.realmId))
    if (ticket.resourceId === resource.id) tx.delete("authzTickets", ticket.id);
  tx.delete("authzResources", resource.id);
}

/** Keycloak refuses to delete a scope that a resource still has (400 with this message). */
export function scopeInUse(db: Db, client: ClientRecord, scope: AuthzScopeRecord): HttpError | undefined {
  return serverResources(db, client).some((resource) => resource.scopeIds.includes(scope.id))
    ? new HttpError(400, { errorMessage: "Scopes can not be removed while associated with resources." })
    : undefined;
}

/** Removes a scope no resource has; a permission naming only it goes too, others lose it. */
export function deleteScope(db: Db, tx: Tx, client: ClientRecord, scope: AuthzScopeRecord): void {
  for (const policy of serverPolicies(db, client)) {
    if (!policy.scopeIds.includes(scope.id)) continue;
    if (policy.scopeIds.length === 1 && policy.resourceIds.length === 0) tx.delete("authzPolicies", policy.id);
    else tx.put("authzPolicies", { ...policy, scopeIds: policy.scopeIds.filter((id) => id !== scope.id) });
  }
  for (const ticket of db.iterate("authzTickets", client.realmId))
    if (ticket.scopeId === scope.id) tx.delete("authzTickets", ticket.id);
  tx.delete("authzScopes", scope.id);
}

/** Every record of a client's resource server (authorization turned off, client removed). */
export function removeResourceServer(db: Db, tx: Tx, client: ClientRecord): void {
  for (const policy of serverPolicies(db, client)) tx.delete("authzPolicies", policy.id);
  for (const resource of serverResources(db, client)) tx.delete("authzResources", resource.id);
  for (const scope of serverScopes(db, client)) tx.delete("authzScopes", scope.id);
  for (const ticket of db.iterate("authzTickets", client.realmId))
    if (ticket.resourceServerId === client.id) tx.delete("authzTickets", ticket.id);
}
