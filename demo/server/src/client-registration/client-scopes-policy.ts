import type { Db } from "../store/db.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import type { PolicyContext, RegistrationPolicy } from "./policies.ts";
import { PolicyRefusal } from "./policies.ts";

type Config = Record<string, string[]>;

const scopeNames = (db: Db, ids: string[]) =>
  ids.map((id) => db.get("clientScopes", id)?.name).filter((name): name is string => name !== undefined);

/** The configured scopes, and unless `allow-default-scopes` is false, the realm's default and optional scopes. */
function allowedScopes(db: Db, realm: RealmRecord, config: Config): string[] {
  const allowDefaults = (config["allow-default-scopes"]?.[0] ?? "true").toLowerCase() !== "false";
  return [
    ...(config["allowed-client-scopes"] ?? []),
    ...(allowDefaults
      ? [...scopeNames(db, realm.defaultClientScopeIds), ...scopeNames(db, realm.optionalClientScopeIds)]
      : []),
  ];
}

const requested = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

function check(names: string[], allowed: string[]): void {
  if (names.some((name) => !allowed.includes(name)))
    throw new PolicyRefusal("Not permitted to use specified clientScope");
}

/** Keycloak's "Allowed Client Scopes" policy (allowed-client-templates): on update, scopes the client had stay allowed. */
export const clientScopesPolicy: RegistrationPolicy = {
  beforeRegister(ctx: PolicyContext, config: Config) {
    const allowed = allowedScopes(ctx.db, ctx.realm, config);
    check(requested(ctx.client.defaultClientScopes), allowed);
    check(requested(ctx.client.optionalClientScopes), allowed);
  },
  beforeUpdate(ctx: PolicyContext, existing: ClientRecord, config: Config) {
    const allowed = allowedScopes(ctx.db, ctx.realm, config);
    const had = (ids: string[]) => new Set(scopeNames(ctx.db, ids));
    const hadDefault = had(existing.defaultClientScopeIds);
    const hadOptional = had(existing.optionalClientScopeIds);
    check(
      requested(ctx.client.defaultClientScopes).filter((name) => !hadDefault.has(name)),
      allowed,
    );
    check(
      requested(ctx.client.optionalClientScopes).filter((name) => !hadOptional.has(name)),
      allowed,
    );
  },
};
