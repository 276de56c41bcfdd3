import type { ServerContext } from "../../../context.ts";
import type { IdentityProviderRecord, RealmRecord } from "../../../store/types.ts";
import { notFound } from "../../../http/errors.ts";

export function findIdentityProvider(server: ServerContext, realm: RealmRecord, alias: string): IdentityProviderRecord | undefined {
  return server.db.list("identityProviders", realm.id).find((idp) => idp.alias === alias);
}

export function requireIdentityProvider(server: ServerContext, realm: RealmRecord, alias: string): IdentityProviderRecord {
  const idp = findIdentityProvider(server, realm, alias);
  if (!idp) throw notFound("Could not find identity provider");
  return idp;
}

export const identityProviderPath = (alias: string, ...rest: string[]) => ["identity-provider", "instances", alias, ...rest].join("/");
