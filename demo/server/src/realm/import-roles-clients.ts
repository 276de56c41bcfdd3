import type { ClientRecord, RoleRecord } from "../store/types.ts";
import type { ImportContext } from "./import-context.ts";
import { badRequest } from "../http/errors.ts";
import type { ClientRep, ClientScopeRep, RealmRep, RoleRep, ScopeMappingRep } from "./representation.ts";

/** Clients first: roles, scopes and users refer to them by clientId. */
export function importClients(ctx: ImportContext, rep: RealmRep): ClientRecord[] {
  const clients: ClientRecord[] = [];
  for (const c of rep.clients ?? []) {
    const {
      id,
      clientId,
      protocolMappers,
      defaultClientScopes: _d,
      optionalClientScopes: _o,
      ...rest
    } = c as ClientRep & Record<string, unknown>;
    const record: ClientRecord = {
      id: ctx.idFor("clients", id),
      realmId: ctx.realmId,
      clientId,
      rep: { ...rest },
      protocolMappers: ctx.protocolMappers(protocolMappers, String(rest.protocol ?? "openid-connect")),
      defaultClientScopeIds: [],
      optionalClientScopeIds: [],
      scopeRoleIds: [],
    };
    ctx.clientIds.set(clientId, record.id);
    clients.push(record);
  }
  return clients;
}

/** Realm and client roles; composites (by name) are resolved once every role has an id. */
export function importRoles(ctx: ImportContext, rep: RealmRep): RoleRecord[] {
  const pending: [RoleRecord, RoleRep][] = [];
  const add = (r: RoleRep, clientInternalId: string | undefined, key: string) => {
    const record: RoleRecord = {
      id: ctx.idFor("roles", r.id),
      realmId: ctx.realmId,
      name: r.name,
      description: r.description,
      clientId: clientInternalId,
      compositeIds: [],
      attributes: { ...(r.attributes ?? {}) },
    };
    if (record.description === undefined) delete record.description;
    if (clientInternalId === undefined) delete record.clientId;
    ctx.roleIds.set(key, record.id);
    pending.push([record, r]);
  };
  for (const r of rep.roles?.realm ?? []) add(r, undefined, `realm/${r.name}`);
  for (const [clientId, roles] of Object.entries(rep.roles?.client ?? {})) {
    const clientInternalId = ctx.clientIds.get(clientId);
    if (!clientInternalId) {
      ctx.warnings.push(`roles of unknown client ${clientId} skipped`);
      continue;
    }
    for (const r of roles) add(r, clientInternalId, `client/${clientId}/${r.name}`);
  }
  const legacyDefaultRoles = Array.isArray(rep.defaultRoles) ? (rep.defaultRoles as string[]) : [];
  for (const [record, r] of pending) {
    if (ctx.strictComposites) requireCompositesKnown(ctx, r);
    record.compositeIds = ctx.roleIdsFor(r.composites?.realm, r.composites?.client, `role ${r.name}`);
    if (rep.defaultRole?.name === r.name && !record.clientId) {
      for (const name of legacyDefaultRoles) {
        const id = ctx.realmRole(name);
        if (id && !record.compositeIds.includes(id)) record.compositeIds.push(id);
      }
    }
  }
  return pending.map(([record]) => record);
}

/** Keycloak's refusals (its RuntimeExceptions, a 500 there) of a composite the realm and the import lack. */
function requireCompositesKnown(ctx: ImportContext, role: RoleRep): void {
  for (const name of role.composites?.realm ?? [])
    if (!ctx.realmRole(name)) throw badRequest(`Unable to find composite realm role: ${name}`);
  for (const [clientId, names] of Object.entries(role.composites?.client ?? {})) {
    if (!ctx.clientIds.has(clientId)) throw badRequest(`App doesn't exist in role definitions: ${role.name}`);
    for (const name of names)
      if (!ctx.clientRole(clientId, name)) throw badRequest(`Unable to find composite client role: ${name}`);
  }
}

export function importClientScopes(ctx: ImportContext, rep: RealmRep): void {
  for (const s of (rep.clientScopes ?? []) as ClientScopeRep[]) {
    const id = ctx.idFor("clientScopes", s.id);
    ctx.scopeIds.set(s.name, id);
    const protocol = s.protocol ?? "openid-connect";
    ctx.put("clientScopes", {
      id,
      realmId: ctx.realmId,
      name: s.name,
      ...(s.description !== undefined ? { description: s.description } : {}),
      protocol,
      attributes: { ...(s.attributes ?? {}) },
      protocolMappers: ctx.protocolMappers(s.protocolMappers, protocol),
      scopeRoleIds: [],
    });
  }
}

/**
 * Default/optional client scopes of each client, by scope name. A client that lists neither gets the realm's
 * default scopes of its protocol, and `service_account` when it has a service account, as a client created in Keycloak.
 */
export function linkClientScopes(ctx: ImportContext, rep: RealmRep, clients: ClientRecord[]): void {
  const byClientId = new Map((rep.clients ?? []).map((c) => [c.clientId, c]));
  const protocols = new Map(((rep.clientScopes ?? []) as ClientScopeRep[]).map((s) => [s.name, s.protocol]));
  const ids = (names: string[] | undefined) =>
    (names ?? []).map((n) => ctx.scopeIds.get(n)).filter((id): id is string => !!id);
  for (const client of clients) {
    const c = byClientId.get(client.clientId)!;
    if (c.defaultClientScopes === undefined && c.optionalClientScopes === undefined) {
      const protocol = typeof c.protocol === "string" ? c.protocol : "openid-connect";
      const ofProtocol = (names: string[] | undefined) =>
        (names ?? []).filter((n) => (protocols.get(n) ?? "openid-connect") === protocol);
      const defaults = ofProtocol(rep.defaultDefaultClientScopes);
      if (c.serviceAccountsEnabled === true && protocols.has("service_account")) defaults.push("service_account");
      client.defaultClientScopeIds = ids(defaults);
      client.optionalClientScopeIds = ids(ofProtocol(rep.defaultOptionalClientScopes));
      continue;
    }
    client.defaultClientScopeIds = ids(c.defaultClientScopes);
    client.optionalClientScopeIds = ids(c.optionalClientScopes);
  }
}

/** `scopeMappings` (realm roles) and `clientScopeMappings` (client roles) onto clients and client scopes. */
export function importScopeMappings(ctx: ImportContext, rep: RealmRep, clients: ClientRecord[]): void {
  const clientsById = new Map(clients.map((c) => [c.clientId, c]));
  const scopesByName = new Map<string, { scopeRoleIds: string[] }>();
  for (const [table, record] of ctx.records) if (table === "clientScopes") scopesByName.set(record.name, record);
  const apply = (m: ScopeMappingRep, roleIds: string[]) => {
    const target = m.client ? clientsById.get(m.client) : m.clientScope ? scopesByName.get(m.clientScope) : undefined;
    if (!target) return ctx.warnings.push(`scope mapping for unknown ${m.client ?? m.clientScope}`);
    for (const id of roleIds) if (!target.scopeRoleIds.includes(id)) target.scopeRoleIds.push(id);
  };
  for (const m of rep.scopeMappings ?? []) apply(m, ctx.roleIdsFor(m.roles, undefined, "scope mapping"));
  for (const [roleClientId, mappings] of Object.entries(rep.clientScopeMappings ?? {})) {
    for (const m of mappings) apply(m, ctx.roleIdsFor(undefined, { [roleClientId]: m.roles }, "client scope mapping"));
  }
}
