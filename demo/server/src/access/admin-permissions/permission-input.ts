import type { Db } from "../../store/db.ts";
import type { AuthzPolicyRecord, AuthzResourceRecord, ClientRecord, RealmRecord } from "../../store/types.ts";
import { newId } from "../../common/ids.ts";
import { authzError, policyFromInput } from "../../admin/authorization/authz-writes.ts";
import { serverResources, serverScopes } from "../../admin/authorization/authz-store.ts";
import { notFound } from "../../http/errors.ts";
import { isAdminResourceType, RESOURCE_TYPES, type AdminResourceType } from "./schema.ts";

/**
 * Keycloak 26.7.3 refuses these bodies with a bare `{"error":"unknown_error"}` (checked against it); we answer the
 * same `error`, so clients keying on it behave alike, and add the reason in `error_description`.
 */
const REFUSED = "unknown_error";

function objectExists(db: Db, realm: RealmRecord, type: AdminResourceType, id: string): string | undefined {
  const table = ({ Users: "users", Groups: "groups", Clients: "clients", Roles: "roles" } as const)[type];
  const record = db.get(table, id);
  if (record && record.realmId === realm.id) return record.id;
  if (type === "Users")
    return [...db.iterate("users", realm.id)].find((u) => u.username === id.toLowerCase())?.id ?? undefined;
  if (type === "Clients") return [...db.iterate("clients", realm.id)].find((c) => c.clientId === id)?.id;
  return undefined;
}

/**
 * A permission of the `admin-permissions` client as Keycloak 26 reads it: a scope permission for one resource type
 * (`resourceType`, required), on chosen objects (`resources`: ids, resources created on first use, named after the
 * object and holding the type's scopes) or, with none, on the type's "all resources" resource; scopes must belong to
 * the type. Returns the record and the resources to store with it.
 */
export function adminPermissionFromInput(
  db: Db,
  realm: RealmRecord,
  client: ClientRecord,
  type: string,
  input: Record<string, unknown>,
  existing: AuthzPolicyRecord | undefined,
): { policy: AuthzPolicyRecord; resources: AuthzResourceRecord[] } {
  if (type !== "scope") {
    // Keycloak 26.7.3's answer, word for word (checked against it).
    if (type === "resource") throw authzError(400, "Policy type not supported by feature admin-fine-grained-authz:v2");
    // Keycloak 26.7.3 has no `js` policy provider on this client: the path is unknown there.
    if (type === "js") throw notFound();
    return { policy: policyFromInput(db, realm, client, type, input, existing, undefined, true), resources: [] };
  }
  const resourceType = input.resourceType ?? existing?.config.resourceType;
  if (!isAdminResourceType(resourceType)) throw authzError(400, REFUSED, "Resource type not provided.");
  const schema = RESOURCE_TYPES[resourceType];
  const scopeRefs = Array.isArray(input.scopes) ? input.scopes.map(String) : [];
  if (!scopeRefs.length) throw authzError(400, REFUSED, "Scopes not provided.");
  if (input.decisionStrategy !== undefined && input.decisionStrategy !== null && input.decisionStrategy !== "UNANIMOUS")
    throw authzError(400, REFUSED, "Only UNANIMOUS decision strategy is supported for admin permissions.");
  const scopes = serverScopes(db, client);
  for (const ref of scopeRefs) {
    const scope = scopes.find((s) => s.id === ref || s.name === ref);
    if (!scope) throw authzError(400, REFUSED, `Scope [${ref}] does not exist.`);
    if (!schema.scopes.includes(scope.name))
      throw authzError(400, REFUSED, `Scope ${scope.name} was not found for resource type ${resourceType}.`);
  }
  const existingResources = serverResources(db, client);
  const created: AuthzResourceRecord[] = [];
  const refs = Array.isArray(input.resources) ? input.resources.map(String) : [];
  const resourceIds = refs.map((ref) => {
    const known = existingResources.find((r) => r.id === ref || (r.name === ref && !r.type));
    if (known) return known.id;
    const objectId = objectExists(db, realm, resourceType, ref);
    if (!objectId) throw authzError(400, REFUSED, `Resource [${ref}] does not exist.`);
    const byObject = existingResources.find((r) => r.name === objectId) ?? created.find((r) => r.name === objectId);
    if (byObject) return byObject.id;
    const resource: AuthzResourceRecord = {
      id: newId(),
      realmId: realm.id,
      resourceServerId: client.id,
      name: objectId,
      uris: [],
      ownerId: client.id,
      ownerManagedAccess: false,
      scopeIds: schema.scopes.map((name) => scopes.find((s) => s.name === name)?.id).filter((id): id is string => !!id),
      attributes: {},
    };
    created.push(resource);
    return resource.id;
  });
  if (!resourceIds.length) {
    const all = existingResources.find((r) => r.name === resourceType && r.type === resourceType);
    if (all) resourceIds.push(all.id);
  }
  const policy = policyFromInput(
    db,
    realm,
    client,
    type,
    { ...input, resources: resourceIds, scopes: scopeRefs },
    existing,
    { policies: [], resources: created, scopes: [] },
    true,
  );
  policy.config = { ...policy.config, resourceType };
  return { policy, resources: created };
}
