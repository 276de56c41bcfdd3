import type { Db } from "../store/db.ts";
import type { ClientRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { expandComposites, groupChain, userMappedRoleIds } from "../access/roles.ts";
import type { Identity, NameLookup } from "./decision-engine.ts";

/** The identity of a user (and the client asking for them) as the decision engine sees it. */
export function userIdentity(
  db: Db,
  realm: RealmRecord,
  user: UserRecord | undefined,
  options: {
    client?: ClientRecord;
    extraRoleIds?: string[];
    contextAttributes?: Record<string, string[]>;
    claims?: Record<string, unknown>;
    now?: Date;
  } = {},
): Identity {
  const mapped = user ? userMappedRoleIds(db, user) : new Set<string>();
  for (const id of options.extraRoleIds ?? []) mapped.add(id);
  const groupIds = new Set(user?.groupIds ?? []);
  const ancestorGroupIds = new Set<string>();
  for (const groupId of groupIds) {
    const group = db.get("groups", groupId);
    if (group) for (const ancestor of groupChain(db, group).slice(1)) ancestorGroupIds.add(ancestor.id);
  }
  const client = options.client;
  const clientScopeIds = new Set(client ? client.defaultClientScopeIds : []);
  const now = options.now ?? new Date();
  const claims: Record<string, unknown> = { ...(options.claims ?? {}) };
  if (user) {
    claims.sub ??= user.id;
    claims.preferred_username ??= user.username;
    if (user.email) claims.email ??= user.email;
    if (user.firstName) claims.given_name ??= user.firstName;
    if (user.lastName) claims.family_name ??= user.lastName;
    for (const [name, values] of Object.entries(user.attributes))
      if (!Object.hasOwn(claims, name)) claims[name] = values.length === 1 ? values[0] : values;
  }
  return {
    userId: user?.id,
    roleIds: expandComposites(db, mapped),
    groupIds,
    ancestorGroupIds,
    clientId: client?.id,
    clientScopeIds,
    claims,
    contextAttributes: {
      "kc.time.date_time": [now.toISOString().slice(0, 19).replace("T", " ")],
      "kc.realm.name": [realm.realm],
      ...(client ? { "kc.client.id": [client.clientId] } : {}),
      ...(options.contextAttributes ?? {}),
    },
    now,
  };
}

/** Names for the engine's reasons: role `name` or `client/name`, group path, clientId, scope name, username. */
export function nameLookup(db: Db): NameLookup {
  return {
    role: (id) => {
      const role = db.get("roles", id);
      if (!role) return id;
      const client = role.clientId ? db.get("clients", role.clientId) : undefined;
      return client ? `${client.clientId}/${role.name}` : role.name;
    },
    group: (id) => {
      const group = db.get("groups", id);
      return group
        ? "/" +
            groupChain(db, group)
              .reverse()
              .map((g) => g.name)
              .join("/")
        : id;
    },
    client: (id) => db.get("clients", id)?.clientId ?? id,
    clientScope: (id) => db.get("clientScopes", id)?.name ?? id,
    user: (id) => db.get("users", id)?.username ?? id,
  };
}
