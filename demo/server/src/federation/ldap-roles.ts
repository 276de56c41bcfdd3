import type { ServerContext } from "../context.ts";
import type { ComponentRecord, RealmRecord, RoleRecord } from "../store/types.ts";
import { newId } from "../common/ids.ts";
import { first } from "./ldap-config.ts";
import { attributeValue } from "./ldap-connection.ts";
import {
  applyMemberships,
  emptyResult,
  mappersOfType,
  membershipMapping,
  pushEntries,
  readEntries,
  type MapperSyncResult,
  type MembershipMapping,
} from "./ldap-memberships.ts";

export const ROLE_MAPPER = "role-ldap-mapper";

export interface RoleMapping extends MembershipMapping {
  /** Internal id of the client whose roles are mapped; undefined for realm roles, "-" for a missing client. */
  clientId?: string;
}

export function roleMapping(server: ServerContext, realm: RealmRecord, mapper: ComponentRecord): RoleMapping {
  const c = mapper.config;
  const realmRoles = first(c, "use.realm.roles.mapping") !== "false";
  const clientId = first(c, "client.id");
  const client =
    !realmRoles && clientId ? server.db.list("clients", realm.id).find((x) => x.clientId === clientId) : undefined;
  return {
    ...membershipMapping(mapper, {
      dn: "roles.dn",
      name: "role.name.ldap.attribute",
      objectClasses: "role.object.classes",
      filter: "roles.ldap.filter",
      memberOfStrategy: "GET_ROLES_FROM_USER_MEMBEROF_ATTRIBUTE",
    }),
    clientId: client?.id ?? (realmRoles ? undefined : "-"),
  };
}

export const roleMappersOf = (server: ServerContext, provider: ComponentRecord) =>
  mappersOfType(server, provider, ROLE_MAPPER);

/** The realm's (or the mapped client's) roles by name. */
function containerRoles(server: ServerContext, realm: RealmRecord, mapping: RoleMapping): Map<string, RoleRecord> {
  const out = new Map<string, RoleRecord>();
  for (const role of server.db.iterate("roles", realm.id))
    if (role.clientId === mapping.clientId) out.set(role.name, role);
  return out;
}

/** LDAP roles to Keycloak: a role per entry in the realm (or the configured client); existing ones count as updated. */
export async function syncRolesFromLdap(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  mapper: ComponentRecord,
): Promise<MapperSyncResult> {
  const mapping = roleMapping(server, realm, mapper);
  if (mapping.clientId === "-") throw new Error(`Can't find client with id ${first(mapper.config, "client.id") ?? ""}`);
  const entries = await readEntries(provider, mapping);
  const existing = containerRoles(server, realm, mapping);
  const result = emptyResult();
  const fresh: RoleRecord[] = [];
  for (const entry of entries) {
    const name = attributeValue(entry, mapping.nameAttribute);
    if (!name) result.failed++;
    else if (existing.has(name)) result.updated++;
    else {
      const role: RoleRecord = {
        id: newId(),
        realmId: realm.id,
        name,
        clientId: mapping.clientId,
        compositeIds: [],
        attributes: {},
      };
      existing.set(name, role);
      fresh.push(role);
      result.added++;
    }
  }
  if (fresh.length) await server.db.write((tx) => fresh.forEach((r) => tx.put("roles", r)));
  return result;
}

/** Keycloak's roles to LDAP: roles the directory lacks are created with no members, as Keycloak's role mapper does. */
export async function syncRolesToLdap(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  mapper: ComponentRecord,
): Promise<MapperSyncResult> {
  const mapping = roleMapping(server, realm, mapper);
  const items = [...containerRoles(server, realm, mapping).values()].map((role) => ({ name: role.name, members: [] }));
  return pushEntries(provider, mapping, items);
}

/**
 * IMPORT-mode role mappers copy the grants LDAP holds to the users just imported (`createdIds`), creating missing
 * roles; READ_ONLY and LDAP_ONLY mappers are read on every use instead (ldap-directory-memberships.ts).
 */
export async function syncRoleMemberships(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  createdIds: string[],
): Promise<void> {
  if (!createdIds.length) return;
  for (const mapper of roleMappersOf(server, provider)) {
    const mapping = roleMapping(server, realm, mapper);
    if (mapping.clientId === "-" || mapping.mode !== "IMPORT") continue;
    try {
      const entries = await readEntries(provider, mapping);
      await syncRolesFromLdap(server, realm, provider, mapper);
      const ids = new Map([...containerRoles(server, realm, mapping)].map(([name, r]) => [name, r.id]));
      await applyMemberships(server, realm, provider, mapping, entries, ids, "roleIds", createdIds);
    } catch {
      continue;
    }
  }
}

/** The role mapper of the provider that maps `role`'s container (realm roles, or the client's). */
export function roleMapperFor(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  role: RoleRecord,
): RoleMapping | undefined {
  return roleMappersOf(server, provider)
    .map((m) => roleMapping(server, realm, m))
    .find((m) => m.clientId === role.clientId);
}
