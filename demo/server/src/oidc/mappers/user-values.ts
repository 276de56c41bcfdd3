import type { Db } from "../../store/db.ts";
import type { GroupRecord, UserRecord } from "../../store/types.ts";
import { groupChain } from "../../access/roles.ts";
import { withMapperMemberships } from "../../federation/ldap-directory-memberships.ts";

/** A user attribute as Keycloak's UserModel gives it: the built-in fields count as attributes too. */
export function userAttribute(user: UserRecord, name: string): string[] {
  switch (name) {
    case "username":
      return [user.username];
    case "email":
      return user.email ? [user.email] : [];
    case "firstName":
      return user.firstName ? [user.firstName] : [];
    case "lastName":
      return user.lastName ? [user.lastName] : [];
    default:
      return user.attributes[name] ?? [];
  }
}

/** A group attribute, inherited from the nearest ancestor that has it. */
function groupAttribute(db: Db, group: GroupRecord, name: string): string[] {
  for (const g of groupChain(db, group)) if (g.attributes[name]?.length) return g.attributes[name];
  return [];
}

/**
 * Keycloak's resolveAttribute: the user's own values; without them (or when
 * aggregating) those of the user's groups and their parents.
 */
export function resolveAttribute(db: Db, user: UserRecord, name: string, aggregate: boolean): string[] {
  const own = userAttribute(user, name);
  if (own.length && !aggregate) return own;
  const values = new Set(own);
  for (const id of withMapperMemberships(db, user).groupIds) {
    const group = db.get("groups", id);
    if (!group) continue;
    const inherited = groupAttribute(db, group, name);
    if (!aggregate && inherited.length) return inherited;
    for (const value of inherited) values.add(value);
  }
  return [...values];
}

/** A UserModel property (Keycloak reads it through its getter), as a string. */
export function userProperty(user: UserRecord, name: string): string | undefined {
  const properties: Record<string, unknown> = {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    emailVerified: user.emailVerified,
    enabled: user.enabled,
    createdTimestamp: user.createdTimestamp,
    federationLink: user.federationLink,
    serviceAccountClientLink: user.serviceAccountClientId,
  };
  const value = properties[name];
  return value === undefined || value === null ? undefined : String(value);
}
