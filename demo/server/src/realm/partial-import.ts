import type { ServerContext } from "../context.ts";
import type { Tx } from "../store/db.ts";
import type { RealmRecord } from "../store/types.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { ImportContext } from "./import-context.ts";
import { importClients, importRoles, linkClientScopes } from "./import-roles-clients.ts";
import { importAuthorization } from "./import-authorization.ts";
import { removeResourceServer } from "../admin/authorization/authz-writes.ts";
import { importGroups, importUsers } from "./import-users-groups.ts";
import { importIdentityProviders } from "./import-config.ts";
import { ExportNames } from "./export-names.ts";
import { addMissingServiceAccounts } from "./import.ts";
import type { ClientRep, GroupRep, Json, RealmRep, RoleRep, UserRep } from "./representation.ts";

type Policy = "FAIL" | "SKIP" | "OVERWRITE";
type Action = "ADDED" | "SKIPPED" | "OVERWRITTEN";
type ResourceType = "USER" | "CLIENT" | "GROUP" | "REALM_ROLE" | "CLIENT_ROLE" | "IDP";

export interface PartialImportResult {
  action: Action;
  resourceType: ResourceType;
  resourceName: string;
  id: string;
}

export interface PartialImportResults {
  overwritten: number;
  added: number;
  skipped: number;
  results: PartialImportResult[];
}

interface Candidate {
  type: ResourceType;
  name: string;
  existingId: string | undefined;
  existsMessage: string;
  /** Sets the id the import will use for an overwritten resource. */
  keepId(id: string): void;
  /** The id the resource got, once imported. */
  importedId(): string | undefined;
}

/**
 * `POST /admin/realms/{realm}/partialImport`: users, clients, groups, realm
 * and client roles and identity providers (clients with their `authorizationSettings`), with Keycloak's ifResourceExists
 * policy. Everything is checked before anything is written, and written at once.
 */
export async function partialImport(
  server: ServerContext,
  realm: RealmRecord,
  body: Json,
): Promise<PartialImportResults> {
  const { db } = server;
  const policy = String(body.ifResourceExists ?? body.policy ?? "FAIL").toUpperCase() as Policy;
  if (!["FAIL", "SKIP", "OVERWRITE"].includes(policy)) throw badRequest(`Unknown ifResourceExists policy ${policy}`);
  const ctx = new ImportContext(db, realm.id);
  ctx.strictComposites = true;
  const names = new ExportNames(db, realm);
  const existingUsers = new Map<string, string>();
  const existingIdps = new Map<string, string>();
  for (const c of db.iterate("clients", realm.id)) ctx.clientIds.set(c.clientId, c.id);
  for (const s of db.iterate("clientScopes", realm.id)) ctx.scopeIds.set(s.name, s.id);
  for (const r of db.iterate("roles", realm.id)) {
    const clientId = r.clientId ? names.clientId(r.clientId) : undefined;
    ctx.roleIds.set(clientId ? `client/${clientId}/${r.name}` : `realm/${r.name}`, r.id);
  }
  for (const g of db.iterate("groups", realm.id)) ctx.groupIdsByPath.set(names.groupPath(g.id)!, g.id);
  for (const u of db.iterate("users", realm.id)) existingUsers.set(u.username, u.id);
  for (const i of db.iterate("identityProviders", realm.id)) existingIdps.set(i.alias, i.id);

  const users = ((body.users ?? []) as UserRep[]).map((u) => ({ ...u }));
  const clients = ((body.clients ?? []) as ClientRep[]).map((c) => ({ ...c }));
  const groups = ((body.groups ?? []) as GroupRep[]).map((g) => ({ ...g }));
  const roles = (body.roles ?? {}) as { realm?: RoleRep[]; client?: Record<string, RoleRep[]> };
  const realmRoles = (roles.realm ?? []).map((r) => ({ ...r }));
  const clientRoles = Object.entries(roles.client ?? {}).map(
    ([clientId, list]) => [clientId, list.map((r) => ({ ...r }))] as const,
  );
  const idps = ((body.identityProviders ?? []) as Json[]).map((i) => ({ ...i }));

  const candidates: Candidate[] = [];
  const keep = (rep: { id?: string }) => (id: string) => {
    rep.id = id;
    ctx.replaceableIds.add(id);
  };
  for (const u of users) {
    const name = String(u.username ?? "").toLowerCase();
    candidates.push({
      type: "USER",
      name,
      existingId: existingUsers.get(name),
      existsMessage: `User with user name ${name} already exists.`,
      keepId: keep(u),
      importedId: () => ctx.userIdsByUsername.get(name),
    });
  }
  for (const c of clients)
    candidates.push({
      type: "CLIENT",
      name: c.clientId,
      existingId: ctx.clientIds.get(c.clientId),
      existsMessage: `Client id '${c.clientId}' already exists`,
      keepId: keep(c),
      importedId: () => ctx.clientIds.get(c.clientId),
    });
  for (const g of groups)
    candidates.push({
      type: "GROUP",
      name: g.name,
      existingId: ctx.groupIdsByPath.get(`/${g.name}`),
      existsMessage: `Group '/${g.name}' already exists`,
      keepId: keep(g),
      importedId: () => ctx.groupIdsByPath.get(`/${g.name}`),
    });
  for (const r of realmRoles)
    candidates.push({
      type: "REALM_ROLE",
      name: r.name,
      existingId: ctx.realmRole(r.name),
      existsMessage: `Realm role '${r.name}' already exists.`,
      keepId: keep(r),
      importedId: () => ctx.realmRole(r.name),
    });
  for (const [clientId, list] of clientRoles) {
    for (const r of list) {
      candidates.push({
        type: "CLIENT_ROLE",
        name: r.name,
        existingId: ctx.clientRole(clientId, r.name),
        existsMessage: `Client role '${r.name}' for client '${clientId}' already exists.`,
        keepId: keep(r),
        importedId: () => ctx.clientRole(clientId, r.name),
      });
    }
  }
  for (const i of idps) {
    const alias = String(i.alias);
    candidates.push({
      type: "IDP",
      name: alias,
      existingId: existingIdps.get(alias),
      existsMessage: `Identity Provider '${alias}' already exists.`,
      keepId: (id) => ((i.internalId = id), ctx.replaceableIds.add(id)),
      importedId: () => (i.internalId as string | undefined) ?? idpIds.get(alias),
    });
  }
  const existing = candidates.filter((c) => c.existingId);
  if (policy === "FAIL" && existing.length) throw conflict(existing[0].existsMessage);

  const skippedIds = new Set<unknown>();
  for (const c of existing) {
    if (policy === "SKIP") skippedIds.add(c);
    else c.keepId(c.existingId!);
  }
  const taken = (type: ResourceType, name: string) =>
    existing.some((c) => c.type === type && c.name === name && skippedIds.has(c));
  const rep: RealmRep = {
    clients: clients.filter((c) => !taken("CLIENT", c.clientId)),
    roles: {
      realm: realmRoles.filter((r) => !taken("REALM_ROLE", r.name)),
      client: Object.fromEntries(
        clientRoles.map(([clientId, list]) => [clientId, list.filter((r) => !taken("CLIENT_ROLE", r.name))]),
      ),
    },
    groups: groups.filter((g) => !taken("GROUP", g.name)),
    users: users.filter((u) => !taken("USER", String(u.username ?? "").toLowerCase())),
    identityProviders: idps.filter((i) => !taken("IDP", String(i.alias))),
  };

  const newClients = importClients(ctx, rep);
  for (const c of newClients) {
    const given = rep.clients!.find((x) => x.clientId === c.clientId)!;
    if (!given.defaultClientScopes) given.defaultClientScopes = names.scopes(realm.defaultClientScopeIds);
    if (!given.optionalClientScopes) given.optionalClientScopes = names.scopes(realm.optionalClientScopeIds);
  }
  linkClientScopes(ctx, rep, newClients);
  const newRoles = importRoles(ctx, rep);
  for (const c of newClients) ctx.put("clients", c);
  for (const r of newRoles) ctx.put("roles", r);
  importGroups(ctx, rep);
  await importUsers(ctx, rep);
  // Keycloak gives each client it creates its service-account user, unless the file brings that user.
  const addedClients = rep.clients!.filter((c) => !existing.some((e) => e.type === "CLIENT" && e.name === c.clientId));
  addMissingServiceAccounts(ctx, addedClients, realm.defaultRoleId);
  importIdentityProviders(ctx, rep);
  const idpIds = new Map<string, string>();
  for (const [table, r] of ctx.records) if (table === "identityProviders") idpIds.set(r.alias, r.id);

  const overwrittenGroups = existing
    .filter((c) => c.type === "GROUP" && policy === "OVERWRITE")
    .map((c) => c.existingId!);
  const overwrittenClients = new Set(
    existing.filter((c) => c.type === "CLIENT" && policy === "OVERWRITE").map((c) => c.existingId!),
  );
  const importedRoleIds = new Set(newRoles.map((r) => r.id));
  await db.write((tx) => {
    for (const id of overwrittenGroups) deleteGroupDescendants(server, tx, realm.id, id);
    // Keycloak removes an overwritten client and creates it again: roles the import does not bring back are gone.
    for (const role of db.iterate("roles", realm.id)) {
      if (role.clientId && overwrittenClients.has(role.clientId) && !importedRoleIds.has(role.id))
        tx.delete("roles", role.id);
    }
    // …and its resource server with it: the import's `authorizationSettings` make the new one.
    for (const id of overwrittenClients) {
      const old = db.get("clients", id);
      if (old) removeResourceServer(db, tx, old);
    }
    for (const [table, record] of ctx.records) tx.put(table, record as never);
  });
  await importAuthorization(server, realm, rep);

  const results: PartialImportResult[] = [];
  for (const c of candidates) {
    const action: Action = !c.existingId ? "ADDED" : policy === "SKIP" ? "SKIPPED" : "OVERWRITTEN";
    const id = c.existingId ?? c.importedId() ?? "";
    results.push({ action, resourceType: c.type, resourceName: c.name, id });
  }
  const count = (a: Action) => results.filter((r) => r.action === a).length;
  return { overwritten: count("OVERWRITTEN"), added: count("ADDED"), skipped: count("SKIPPED"), results };
}

function deleteGroupDescendants(server: ServerContext, tx: Tx, realmId: string, groupId: string): void {
  const children = new Map<string, string[]>();
  for (const g of server.db.iterate("groups", realmId))
    if (g.parentId) children.set(g.parentId, [...(children.get(g.parentId) ?? []), g.id]);
  const stack = [...(children.get(groupId) ?? [])];
  while (stack.length) {
    const id = stack.pop()!;
    tx.delete("groups", id);
    stack.push(...(children.get(id) ?? []));
  }
}
