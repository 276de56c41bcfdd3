import type { ServerContext } from "../context.ts";
import type { ComponentRecord, GroupRecord, ProtocolMapperRecord, RealmRecord } from "../store/types.ts";
import { notFound } from "../http/errors.ts";
import { ExportNames } from "./export-names.ts";
import { realmRepresentation } from "./realm-representation.ts";
import { withMaskedSmtpPassword } from "./smtp-password.ts";
import { exportResourceServer } from "../admin/authorization/resource-server.ts";
import { identityProviderRepresentation } from "../admin/identity-providers/representation.ts";
import type {
  ClientRep,
  ComponentRep,
  ProtocolMapperRep,
  GroupRep,
  Json,
  RealmRep,
  RoleRep,
  ScopeMappingRep,
  UserRep,
} from "./representation.ts";

export interface ExportOptions {
  users?: boolean;
  clients?: boolean;
  groupsAndRoles?: boolean;
  /** With `clients` and without `users`: the clients' service-account users, as Keycloak's partial export has them. */
  serviceAccountUsers?: boolean;
  /** Partial export (admin console): secrets become `**********`, key material is left out. */
  maskSecrets?: boolean;
}

export const SECRET_MASK = "**********";
const KEY_MATERIAL = new Set([
  "privateKey",
  "certificate",
  "secret",
  "kid",
  "ecdsaPrivateKey",
  "ecdsaPublicKey",
  "eddsaPrivateKey",
  "eddsaPublicKey",
]);
const SECRET_CONFIG = /secret|password|credential|privatekey/i;

/** The realm in Keycloak's export/import format (the inverse of importRealm). */
export function exportRealm(server: ServerContext, realmId: string, options: ExportOptions = {}): RealmRep {
  const { db } = server;
  const realm = db.get("realms", realmId);
  if (!realm) throw notFound("Realm not found.");
  const names = new ExportNames(db, realm);
  const mask = options.maskSecrets ?? false;
  const full = realmRepresentation(db, realm);
  const rep: RealmRep = { ...(mask ? withMaskedSmtpPassword(full) : full) };

  rep.defaultDefaultClientScopes = names.scopes(realm.defaultClientScopeIds);
  rep.defaultOptionalClientScopes = names.scopes(realm.optionalClientScopeIds);
  rep.defaultGroups = realm.defaultGroupIds.map((id) => names.groupPath(id)).filter((p): p is string => !!p);
  rep.localizationTexts = structuredClone(realm.localizationTexts);
  rep.clientScopes = db.list("clientScopes", realm.id).map((s) => ({
    id: s.id,
    name: s.name,
    ...(s.description !== undefined ? { description: s.description } : {}),
    protocol: s.protocol,
    attributes: { ...s.attributes },
    ...(s.protocolMappers.length ? { protocolMappers: s.protocolMappers.map(mapperRep) } : {}),
  }));
  rep.scopeMappings = [];
  rep.clientScopeMappings = {};
  const addScopeMappings = (owner: { client?: string; clientScope?: string }, roleIds: string[]) => {
    const { realm: realmRoles, client } = names.roles(roleIds);
    if (realmRoles.length) rep.scopeMappings!.push({ ...owner, roles: realmRoles });
    for (const [clientId, roles] of Object.entries(client))
      (rep.clientScopeMappings![clientId] ??= []).push({ ...owner, roles } as ScopeMappingRep);
  };
  for (const s of db.iterate("clientScopes", realm.id)) addScopeMappings({ clientScope: s.name }, s.scopeRoleIds);
  if (options.clients) {
    rep.clients = db.list("clients", realm.id).map((c): ClientRep => {
      const client: ClientRep = {
        id: c.id,
        clientId: c.clientId,
        ...c.rep,
        protocolMappers: c.protocolMappers.map(mapperRep),
        defaultClientScopes: names.scopes(c.defaultClientScopeIds),
        optionalClientScopes: names.scopes(c.optionalClientScopeIds),
      };
      if (mask && typeof client.secret === "string") client.secret = SECRET_MASK;
      if (!client.protocolMappers!.length) delete client.protocolMappers;
      if (c.authorization) client.authorizationSettings = exportResourceServer(db, c);
      return client;
    });
    for (const c of db.iterate("clients", realm.id)) addScopeMappings({ client: c.clientId }, c.scopeRoleIds);
  }
  if (options.groupsAndRoles) {
    rep.roles = exportRoles(server, realm, names);
    rep.groups = exportGroups(server, realm, names);
  }
  if (options.users) rep.users = exportUsers(server, realm, names);
  else if (options.clients && options.serviceAccountUsers) {
    // Keycloak's partial export: the service-account users of the confidential clients, with their role mappings.
    const withAccounts = new Set(
      rep
        .clients!.filter((c) => c.serviceAccountsEnabled === true && !c.publicClient && !c.bearerOnly)
        .map((c) => c.clientId),
    );
    rep.users = exportUsers(server, realm, names)
      .filter((u) => u.serviceAccountClientId !== undefined && withAccounts.has(u.serviceAccountClientId))
      .map(({ credentials: _credentials, federatedIdentities: _links, clientConsents: _consents, ...u }) => u);
  }
  rep.components = exportComponents(db.list("components", realm.id), realm.id, mask);
  // as the admin API shows them (Keycloak exports with the same ModelToRepresentation: `types` included)
  rep.identityProviders = db.list("identityProviders", realm.id).map((i) => {
    const idp: Json = identityProviderRepresentation(i);
    const secret = (i.rep.config as Record<string, string> | undefined)?.clientSecret;
    if (!mask && secret) idp.config = { ...(idp.config as Record<string, string>), clientSecret: secret };
    return idp;
  });
  rep.identityProviderMappers = db.list("identityProviderMappers", realm.id).map((m) => ({ ...m, realmId: undefined }));
  rep.organizations = db.list("organizations", realm.id).map((o) => ({
    id: o.id,
    name: o.name,
    alias: o.alias,
    enabled: o.enabled,
    ...(o.description !== undefined ? { description: o.description } : {}),
    ...(o.redirectUrl !== undefined ? { redirectUrl: o.redirectUrl } : {}),
    attributes: { ...o.attributes },
    domains: o.domains.map((d) => ({ ...d })),
    identityProviders: o.identityProviderAliases.map((alias) => ({ alias })),
    members: options.users
      ? Object.entries(o.members).map(([id, membershipType]) => ({
          id,
          username: db.get("users", id)?.username,
          membershipType,
        }))
      : [],
  }));
  const flowAliases = new Map(db.list("authFlows", realm.id).map((f) => [f.id, f.alias]));
  rep.authenticationFlows = db.list("authFlows", realm.id).map((f) => ({
    id: f.id,
    alias: f.alias,
    ...(f.description !== undefined ? { description: f.description } : {}),
    providerId: f.providerId,
    topLevel: f.topLevel,
    builtIn: f.builtIn,
    authenticationExecutions: f.executions.map((e) => ({
      ...(e.authenticatorConfig !== undefined ? { authenticatorConfig: e.authenticatorConfig } : {}),
      ...(e.authenticator !== undefined ? { authenticator: e.authenticator } : {}),
      authenticatorFlow: e.authenticatorFlow,
      requirement: e.requirement,
      priority: e.priority,
      autheticatorFlow: e.authenticatorFlow,
      ...(e.flowId ? { flowAlias: flowAliases.get(e.flowId) } : {}),
      userSetupAllowed: e.userSetupAllowed ?? false,
    })),
  }));
  rep.authenticatorConfig = db
    .list("authenticatorConfigs", realm.id)
    .map((c) => ({ id: c.id, alias: c.alias, config: { ...c.config } }));
  rep.requiredActions = db
    .list("requiredActions", realm.id)
    .sort((a, b) => a.priority - b.priority)
    .map(({ alias, name, providerId, enabled, defaultAction, priority, config }) => ({
      alias,
      name,
      providerId,
      enabled,
      defaultAction,
      priority,
      config: { ...config },
    }));
  return rep;
}

function mapperRep(m: ProtocolMapperRecord): ProtocolMapperRep {
  return {
    id: m.id,
    name: m.name,
    protocol: m.protocol,
    protocolMapper: m.protocolMapper,
    consentRequired: m.consentRequired ?? false,
    config: { ...m.config },
  };
}

function exportRoles(server: ServerContext, realm: RealmRecord, names: ExportNames): RealmRep["roles"] {
  const realmRoles: RoleRep[] = [];
  const clientRoles: Record<string, RoleRep[]> = {};
  for (const c of server.db.iterate("clients", realm.id)) clientRoles[c.clientId] = [];
  for (const r of server.db.iterate("roles", realm.id)) {
    const composites = names.roles(r.compositeIds);
    const role: RoleRep = {
      id: r.id,
      name: r.name,
      ...(r.description !== undefined ? { description: r.description } : {}),
      composite: r.compositeIds.length > 0,
      ...(r.compositeIds.length
        ? {
            composites: {
              ...(composites.realm.length ? { realm: composites.realm } : {}),
              ...(Object.keys(composites.client).length ? { client: composites.client } : {}),
            },
          }
        : {}),
      clientRole: !!r.clientId,
      containerId: r.clientId ?? realm.id,
      attributes: { ...r.attributes },
    };
    if (!r.clientId) realmRoles.push(role);
    else {
      const clientId = names.clientId(r.clientId);
      if (clientId) clientRoles[clientId].push(role);
    }
  }
  return { realm: realmRoles, client: clientRoles };
}

function exportGroups(server: ServerContext, realm: RealmRecord, names: ExportNames): GroupRep[] {
  const children = new Map<string | null, GroupRecord[]>();
  for (const g of server.db.iterate("groups", realm.id)) {
    const list = children.get(g.parentId) ?? [];
    list.push(g);
    children.set(g.parentId, list);
  }
  const toRep = (g: GroupRecord): GroupRep => {
    const roles = names.roles(g.roleIds);
    return {
      id: g.id,
      name: g.name,
      ...(g.description !== undefined ? { description: g.description } : {}),
      path: names.groupPath(g.id),
      subGroups: (children.get(g.id) ?? []).map(toRep),
      attributes: { ...g.attributes },
      realmRoles: roles.realm,
      clientRoles: roles.client,
    };
  };
  return (children.get(null) ?? []).map(toRep);
}

function exportUsers(server: ServerContext, realm: RealmRecord, names: ExportNames): UserRep[] {
  const users: UserRep[] = [];
  for (const u of server.db.iterate("users", realm.id)) {
    const roles = names.roles(u.roleIds);
    users.push({
      id: u.id,
      username: u.username,
      ...(u.email !== undefined ? { email: u.email } : {}),
      ...(u.firstName !== undefined ? { firstName: u.firstName } : {}),
      ...(u.lastName !== undefined ? { lastName: u.lastName } : {}),
      emailVerified: u.emailVerified,
      enabled: u.enabled,
      createdTimestamp: u.createdTimestamp,
      ...(Object.keys(u.attributes).length ? { attributes: { ...u.attributes } } : {}),
      ...(u.serviceAccountClientId ? { serviceAccountClientId: names.clientId(u.serviceAccountClientId) } : {}),
      ...(u.federationLink ? { federationLink: u.federationLink } : {}),
      credentials: u.credentials.map((c) => ({ ...c })),
      requiredActions: [...u.requiredActions],
      realmRoles: roles.realm,
      clientRoles: roles.client,
      groups: u.groupIds.map((id) => names.groupPath(id)).filter((p): p is string => !!p),
      federatedIdentities: u.federatedIdentities.map(({ token: _token, ...f }) => f),
      clientConsents: u.consents.map((c) => ({
        clientId: c.clientId,
        grantedClientScopes: names.scopes(c.grantedClientScopeIds),
        createdDate: c.createdDate,
        lastUpdatedDate: c.lastUpdatedDate,
      })),
      notBefore: u.notBefore,
    });
  }
  return users;
}

function exportComponents(
  components: ComponentRecord[],
  parentId: string,
  mask: boolean,
): Record<string, ComponentRep[]> {
  const grouped: Record<string, ComponentRep[]> = {};
  for (const c of components) {
    if (c.parentId !== parentId) continue;
    const config: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(c.config)) {
      if (mask && c.providerType === "org.keycloak.keys.KeyProvider" && KEY_MATERIAL.has(k)) continue;
      config[k] = mask && SECRET_CONFIG.test(k) ? [SECRET_MASK] : [...v];
    }
    (grouped[c.providerType] ??= []).push({
      id: c.id,
      name: c.name,
      providerId: c.providerId,
      ...(c.subType !== undefined ? { subType: c.subType } : {}),
      subComponents: exportComponents(components, c.id, mask),
      config,
    });
  }
  return grouped;
}
