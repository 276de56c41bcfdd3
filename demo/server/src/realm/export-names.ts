import type { Db } from "../store/db.ts";
import type { GroupRecord, RealmRecord } from "../store/types.ts";
import type { RoleCompositesRep } from "./representation.ts";

/** Turns the ids kept in records back into the names Keycloak's export format uses. */
export class ExportNames {
  private readonly clientIds = new Map<string, string>();
  private readonly scopeNames = new Map<string, string>();
  private readonly groupPaths = new Map<string, string>();

  constructor(
    private readonly db: Db,
    realm: RealmRecord,
  ) {
    for (const c of db.iterate("clients", realm.id)) this.clientIds.set(c.id, c.clientId);
    for (const s of db.iterate("clientScopes", realm.id)) this.scopeNames.set(s.id, s.name);
    const groups = new Map<string, GroupRecord>();
    for (const g of db.iterate("groups", realm.id)) groups.set(g.id, g);
    const pathOf = (g: GroupRecord): string => {
      const known = this.groupPaths.get(g.id);
      if (known) return known;
      const parent = g.parentId ? groups.get(g.parentId) : undefined;
      const path = `${parent ? pathOf(parent) : ""}/${g.name}`;
      this.groupPaths.set(g.id, path);
      return path;
    };
    for (const g of groups.values()) pathOf(g);
  }

  clientId(internalId: string): string | undefined {
    return this.clientIds.get(internalId);
  }

  scopes(ids: string[]): string[] {
    return ids.map((id) => this.scopeNames.get(id)).filter((n): n is string => !!n);
  }

  groupPath(id: string): string | undefined {
    return this.groupPaths.get(id);
  }

  /** Role ids as `{realm: [names], client: {clientId: [names]}}`. */
  roles(ids: Iterable<string>): Required<RoleCompositesRep> {
    const realm: string[] = [];
    const client: Record<string, string[]> = {};
    for (const id of ids) {
      const role = this.db.get("roles", id);
      if (!role) continue;
      if (!role.clientId) realm.push(role.name);
      else {
        const clientId = this.clientIds.get(role.clientId);
        if (clientId) (client[clientId] ??= []).push(role.name);
      }
    }
    return { realm, client };
  }
}
