import { Attribute, Change } from "ldapts";
import type { ServerContext } from "../context.ts";
import type { ComponentRecord, RealmRecord, RoleRecord, UserRecord } from "../store/types.ts";
import { newId } from "../common/ids.ts";
import { first, ldapConfig } from "./ldap-config.ts";
import { attributeValue, withConnection } from "./ldap-connection.ts";
import { mappersOf } from "./ldap-mappers.ts";
import { membersByEntry, membershipKey, readGroups, type GroupMapping, type MapperSyncResult } from "./ldap-groups.ts";

interface RoleMapping extends GroupMapping {
  /** Internal id of the client whose roles are mapped; undefined for realm roles. */
  clientId?: string;
}

function roleMapping(server: ServerContext, realm: RealmRecord, mapper: ComponentRecord): RoleMapping {
  const c = mapper.config;
  const realmRoles = first(c, "use.realm.roles.mapping") !== "false";
  const clientId = first(c, "client.id");
  const client =
    !realmRoles && clientId ? server.db.list("clients", realm.id).find((x) => x.clientId === clientId) : undefined;
  return {
    groupsDn: first(c, "roles.dn") ?? "",
    nameAttribute: first(c, "role.name.ldap.attribute") || "cn",
    objectClasses: (first(c, "role.object.classes") || "groupOfNames")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    membershipAttribute: first(c, "membership.ldap.attribute") || "member",
    membershipType: first(c, "membership.attribute.type") === "UID" ? "UID" : "DN",
    userAttribute: first(c, "membership.user.ldap.attribute") || "uid",
    filter: (first(c, "roles.ldap.filter") ?? "").trim(),
    dropMissing: false,
    clientId: client?.id ?? (realmRoles ? undefined : "-"),
  };
}

export function roleMappersOf(server: ServerContext, provider: ComponentRecord): ComponentRecord[] {
  return mappersOf(server.db.list("components", provider.realmId), provider.id).filter(
    (m) => m.providerId === "role-ldap-mapper",
  );
}

/** The realm's (or the mapped client's) roles by name. */
function containerRoles(server: ServerContext, realm: RealmRecord, mapping: RoleMapping): Map<string, RoleRecord> {
  const out = new Map<string, RoleRecord>();
  for (const role of server.db.iterate("roles", realm.id))
    if (role.clientId === mapping.clientId) out.set(role.name, role);
  return out;
}

const emptyResult = (): MapperSyncResult => ({ ignored: false, added: 0, updated: 0, removed: 0, failed: 0 });

/** LDAP roles to Keycloak: a role per entry in the realm (or the configured client); existing ones count as updated. */
export async function syncRolesFromLdap(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  mapper: ComponentRecord,
): Promise<MapperSyncResult> {
  const mapping = roleMapping(server, realm, mapper);
  if (mapping.clientId === "-") throw new Error(`Can't find client with id ${first(mapper.config, "client.id") ?? ""}`);
  const entries = await readGroups(provider, mapping);
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

/** Keycloak's roles to LDAP: roles the directory lacks are created with the provider's users holding them. */
export async function syncRolesToLdap(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  mapper: ComponentRecord,
): Promise<MapperSyncResult> {
  const mapping = roleMapping(server, realm, mapper);
  const entries = await readGroups(provider, mapping);
  const inLdap = new Set(entries.map((e) => attributeValue(e, mapping.nameAttribute)));
  const users = [...server.db.iterate("users", realm.id)].filter((u) => u.federationLink === provider.id);
  const result = emptyResult();
  await withConnection(ldapConfig(provider), async (client) => {
    for (const role of containerRoles(server, realm, mapping).values()) {
      const members = users
        .filter((u) => u.roleIds.includes(role.id))
        .map((u) => (mapping.membershipType === "DN" ? u.attributes.LDAP_ENTRY_DN?.[0] : u.username))
        .filter((m): m is string => !!m);
      const dn = `${mapping.nameAttribute}=${role.name},${mapping.groupsDn}`;
      try {
        if (inLdap.has(role.name)) {
          if (members.length)
            await client.modify(
              dn,
              new Change({
                operation: "replace",
                modification: new Attribute({ type: mapping.membershipAttribute, values: members }),
              }),
            );
          result.updated++;
        } else {
          await client.add(dn, {
            objectClass: mapping.objectClasses,
            [mapping.nameAttribute]: role.name,
            [mapping.membershipAttribute]: members.length ? members : [""],
          });
          result.added++;
        }
      } catch {
        result.failed++;
      }
    }
  });
  return result;
}

/** The role mappers' grants for the provider's users (all, or those of `userIds`), roles created as needed. */
export async function syncRoleMemberships(
  server: ServerContext,
  realm: RealmRecord,
  provider: ComponentRecord,
  userIds?: string[],
): Promise<void> {
  for (const mapper of roleMappersOf(server, provider)) {
    const mapping = roleMapping(server, realm, mapper);
    if (mapping.clientId === "-") continue;
    let members: Map<string, Set<string>>;
    try {
      members = membersByEntry(await readGroups(provider, mapping), mapping);
      await syncRolesFromLdap(server, realm, provider, mapper);
    } catch {
      continue;
    }
    const roles = containerRoles(server, realm, mapping);
    const mapped = new Set([...members.keys()].map((name) => roles.get(name)?.id).filter(Boolean));
    const wanted = userIds ? new Set(userIds) : undefined;
    const changed: UserRecord[] = [];
    for (const user of server.db.iterate("users", realm.id)) {
      if (user.federationLink !== provider.id || (wanted && !wanted.has(user.id))) continue;
      const key = membershipKey(user, mapping.membershipType);
      const granted = [...members].filter(([, keys]) => keys.has(key)).map(([name]) => roles.get(name)!.id);
      const roleIds = [...new Set([...user.roleIds.filter((id) => !mapped.has(id)), ...granted])];
      if (roleIds.length !== user.roleIds.length || roleIds.some((id) => !user.roleIds.includes(id)))
        changed.push({ ...user, roleIds });
    }
    if (changed.length) await server.db.write((tx) => changed.forEach((u) => tx.put("users", u)));
  }
}
