import type { Db } from "../store/db.ts";
import type { TableName, Tables } from "../store/types.ts";
import { newId } from "../common/ids.ts";
import type { ProtocolMapperRep } from "./representation.ts";
import type { ProtocolMapperRecord } from "../store/types.ts";

type PendingRecord = { [T in TableName]: [T, Tables[T]] }[TableName];

/**
 * State shared by the steps of one realm import: the records to write and the
 * name-to-id indexes that Keycloak's import format references by name.
 */
export class ImportContext {
  readonly records: PendingRecord[] = [];
  /** `realm/{role}` or `client/{clientId}/{role}` -> role id */
  readonly roleIds = new Map<string, string>();
  /** clientId -> internal client id */
  readonly clientIds = new Map<string, string>();
  readonly scopeIds = new Map<string, string>();
  readonly groupIdsByPath = new Map<string, string>();
  readonly userIdsByUsername = new Map<string, string>();
  readonly warnings: string[] = [];
  private readonly usedIds = new Set<string>();
  /** Ids of existing records an import may replace (partial import with OVERWRITE). */
  readonly replaceableIds = new Set<string>();

  /**
   * A role composite naming a role that is neither in the realm nor in the import refuses the import, as Keycloak's
   * partial import does, instead of being reported and left out (a whole realm's import).
   */
  strictComposites = false;

  constructor(
    readonly db: Db,
    readonly realmId: string,
  ) {}

  put<T extends TableName>(table: T, record: Tables[T]): Tables[T] {
    this.records.push([table, record] as PendingRecord);
    return record;
  }

  /** Keeps an imported id unless another record already uses it (importing one file twice under two names). */
  idFor(table: TableName, given: string | undefined): string {
    const free = given && !this.usedIds.has(given) && (this.replaceableIds.has(given) || !this.db.get(table, given));
    const id = free ? given : newId();
    this.usedIds.add(id);
    return id;
  }

  realmRole(name: string): string | undefined {
    return this.roleIds.get(`realm/${name}`);
  }

  clientRole(clientId: string, name: string): string | undefined {
    return this.roleIds.get(`client/${clientId}/${name}`);
  }

  /** Role ids for `realmRoles` / `clientRoles` lists; unknown names are reported, not fatal. */
  roleIdsFor(
    realmRoles: string[] | undefined,
    clientRoles: Record<string, string[]> | undefined,
    owner: string,
  ): string[] {
    const ids: string[] = [];
    for (const name of realmRoles ?? []) {
      const id = this.realmRole(name);
      if (id) ids.push(id);
      else this.warnings.push(`${owner}: unknown realm role ${name}`);
    }
    for (const [clientId, names] of Object.entries(clientRoles ?? {})) {
      for (const name of names) {
        const id = this.clientRole(clientId, name);
        if (id) ids.push(id);
        else this.warnings.push(`${owner}: unknown role ${name} of client ${clientId}`);
      }
    }
    return ids;
  }

  protocolMappers(reps: ProtocolMapperRep[] | undefined, defaultProtocol: string): ProtocolMapperRecord[] {
    return (reps ?? []).map((m) => ({
      id: m.id && !this.usedIds.has(m.id) ? (this.usedIds.add(m.id), m.id) : newId(),
      name: m.name,
      protocol: m.protocol ?? defaultProtocol,
      protocolMapper: m.protocolMapper,
      consentRequired: m.consentRequired ?? false,
      config: { ...(m.config ?? {}) },
    }));
  }
}
