import type { ServerContext } from "../../context.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import { expandComposites, groupChain, userEffectiveRoleIds } from "../../access/roles.ts";
import { requireGroup, requireUser } from "../common/lookups.ts";
import { hardcodedMemberships } from "../../federation/ldap-hardcoded.ts";
import { roleKeptInDirectory, withMapperMemberships } from "../../federation/ldap-directory-memberships.ts";

export type RoleHolderKind = "users" | "groups";

/** A user or a group: something roles are mapped to. */
export interface RoleHolder {
  kind: RoleHolderKind;
  id: string;
  /** Directly mapped role ids (the record's own list; replace it and call save()). */
  roleIds: string[];
  setRoleIds(ids: string[]): void;
  /** Every role held: direct, through groups (and parent groups), and through composites. */
  effectiveRoleIds(): Set<string>;
  save(): Promise<void>;
}

/** Loads the addressed user or group (404 as Keycloak answers) without checking permissions. */
export function resolveRoleHolder(
  server: ServerContext,
  ctx: AdminRequestContext,
  kind: RoleHolderKind,
  id: string,
): RoleHolder {
  const { db } = server;
  if (kind === "users") {
    const user = requireUser(db, ctx, id);
    // Roles a directory's mappers give (hardcoded, or read from LDAP) show as mapped but are never stored; grants
    // of an LDAP_ONLY role mapper's roles live in LDAP only.
    const hardcoded = new Set(hardcodedMemberships(db, user).roleIds);
    const shown = () => withMapperMemberships(db, user).roleIds;
    return {
      kind,
      id: user.id,
      get roleIds() {
        return shown();
      },
      setRoleIds: (ids) => {
        const before = new Set(shown());
        const wanted = new Set(ids);
        const added = ids.filter((r) => {
          const role = db.get("roles", r);
          return !before.has(r) && !hardcoded.has(r) && !(role && roleKeptInDirectory(db, user, role));
        });
        user.roleIds = [...user.roleIds.filter((r) => wanted.has(r)), ...added];
      },
      effectiveRoleIds: () => userEffectiveRoleIds(db, user),
      save: () => db.write((tx) => void tx.put("users", user)),
    };
  }
  const group = requireGroup(db, ctx.realm, id);
  return {
    kind,
    id: group.id,
    get roleIds() {
      return group.roleIds;
    },
    setRoleIds: (ids) => (group.roleIds = ids),
    effectiveRoleIds: () =>
      expandComposites(
        db,
        groupChain(db, group).flatMap((g) => g.roleIds),
      ),
    save: () => db.write((tx) => void tx.put("groups", group)),
  };
}
