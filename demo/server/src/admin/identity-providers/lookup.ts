import type { ServerContext } from "../../context.ts";
import type { IdentityProviderRecord, RealmRecord } from "../../store/types.ts";
import { notFound } from "../../http/errors.ts";

export function findIdentityProvider(
  server: ServerContext,
  realm: RealmRecord,
  alias: string,
): IdentityProviderRecord | undefined {
  return server.db.list("identityProviders", realm.id).find((idp) => idp.alias === alias);
}

/** Keycloak's instances/{alias} also accepts the internal id. */
export function findByIdOrAlias(
  server: ServerContext,
  realm: RealmRecord,
  idOrAlias: string,
): IdentityProviderRecord | undefined {
  const byId = server.db.get("identityProviders", idOrAlias);
  return byId && byId.realmId === realm.id ? byId : findIdentityProvider(server, realm, idOrAlias);
}

/** Keycloak's provider search: `"name"` exact, `*name*` contains, `name*` or `name` prefix. */
export function aliasMatcher(search: string | undefined): (alias: string) => boolean {
  const term = search?.trim();
  if (!term) return () => true;
  if (term.length > 1 && term.startsWith('"') && term.endsWith('"')) return (alias) => alias === term.slice(1, -1);
  const needle = term.replaceAll("*", "").toLowerCase();
  if (term.startsWith("*")) return (alias) => alias.toLowerCase().includes(needle);
  return (alias) => alias.toLowerCase().startsWith(needle);
}

export function requireIdentityProvider(
  server: ServerContext,
  realm: RealmRecord,
  alias: string,
): IdentityProviderRecord {
  const idp = findByIdOrAlias(server, realm, alias);
  if (!idp) throw notFound();
  return idp;
}

export const identityProviderPath = (alias: string, ...rest: string[]) =>
  ["identity-provider", "instances", alias, ...rest].join("/");
