import type { ServerContext } from "../context.ts";
import type { RealmRecord, UserRecord } from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { ImportContext } from "./import-context.ts";
import {
  importClients,
  importClientScopes,
  importRoles,
  importScopeMappings,
  linkClientScopes,
} from "./import-roles-clients.ts";
import { importGroups, importUsers } from "./import-users-groups.ts";
import {
  importAuthentication,
  importComponents,
  importIdentityProviders,
  importOrganizations,
} from "./import-config.ts";
import { addMasterAdminClient } from "./master-admin-client.ts";
import { realmByName } from "./lookup.ts";
import { withTemplateDefaults } from "./template.ts";
import { isUsableSigningKey } from "./key-material.ts";
import { STRUCTURED_REALM_FIELDS, type RealmRep } from "./representation.ts";

export interface ImportOptions {
  /** Ignored for compatibility: every import is completed from the new-realm template, as Keycloak's is. */
  fromTemplate?: boolean;
}

import { checkRealmName } from "./realm-name.ts";
import { importAuthorization } from "./import-authorization.ts";
import { checkPasswordPolicy } from "./password-policy-syntax.ts";
import { serviceAccountUsername } from "../admin/clients/service-account.ts";
/**
 * Creates a realm from Keycloak's realm JSON (export/import format), filling
 * what is missing from the new-realm template, in one durable write. Throws
 * 409 when a realm of that name exists.
 */
export async function importRealm(
  server: ServerContext,
  input: RealmRep,
  _options: ImportOptions = {},
): Promise<RealmRecord> {
  const { db } = server;
  const name = typeof input.realm === "string" ? input.realm.trim() : "";
  if (!name) throw badRequest("Realm name cannot be empty");
  checkRealmName(name);
  checkPasswordPolicy(typeof input.passwordPolicy === "string" ? input.passwordPolicy : undefined);
  if (realmByName(db, name)) throw conflict(`Realm ${name} already exists`);
  if (input.id && db.get("realms", input.id)) throw conflict("Conflict detected. See logs for details");
  const rep = withTemplateDefaults(withLegacyRealmKeys({ ...input, realm: name }));
  const realmId = input.id ?? newId();
  const ctx = new ImportContext(db, realmId);

  const clients = importClients(ctx, rep);
  const roles = importRoles(ctx, rep);
  importClientScopes(ctx, rep);
  linkClientScopes(ctx, rep, clients);
  importScopeMappings(ctx, rep, clients);
  for (const c of clients) ctx.put("clients", c);
  for (const r of roles) ctx.put("roles", r);
  importGroups(ctx, rep);
  await importUsers(ctx, rep);
  addMissingServiceAccounts(ctx, rep.clients ?? [], ctx.realmRole(rep.defaultRole?.name ?? ""));
  importComponents(ctx, rep);
  importAuthentication(ctx, rep);
  importIdentityProviders(ctx, rep);
  importOrganizations(ctx, rep);
  const realm = realmRecord(ctx, rep, name);

  // another import of the same name may have finished while passwords were hashed
  if (realmByName(db, name)) throw conflict(`Realm ${name} already exists`);
  await db.write((tx) => {
    tx.put("realms", realm);
    for (const [table, record] of ctx.records) tx.put(table, record as never);
    addMasterAdminClient(db, tx, name);
  });
  await importAuthorization(server, realm, rep);
  for (const w of ctx.warnings) console.warn(`import ${name}: ${w}`);
  return realm;
}

const KEY_PROVIDER = "org.keycloak.keys.KeyProvider";

/** Old import files carry the realm key pair as realm fields; Keycloak turns them into an `rsa` key provider. */
function withLegacyRealmKeys(rep: RealmRep): RealmRep {
  const { privateKey, publicKey: _publicKey, certificate, codeSecret: _codeSecret, ...rest } = rep;
  if (typeof privateKey !== "string") return rest;
  if (!isUsableSigningKey(privateKey)) {
    console.warn(`import ${rep.realm}: realm key pair under 2048 bits ignored, a new key is generated`);
    return rest;
  }
  const config: Record<string, string[]> = { privateKey: [privateKey], priority: ["100"] };
  if (typeof certificate === "string") config.certificate = [certificate];
  const components = { ...(rest.components ?? {}) };
  components[KEY_PROVIDER] = [...(components[KEY_PROVIDER] ?? []), { name: "rsa", providerId: "rsa", config }];
  return { ...rest, components };
}

function realmRecord(ctx: ImportContext, rep: RealmRep, name: string): RealmRecord {
  const settings: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rep)) if (!STRUCTURED_REALM_FIELDS.has(k) && v !== undefined) settings[k] = v;
  const scopeIds = (names: string[] | undefined) =>
    (names ?? []).map((n) => ctx.scopeIds.get(n)).filter((id): id is string => !!id);
  const record: RealmRecord = {
    id: ctx.realmId,
    realm: name,
    enabled: rep.enabled ?? true,
    settings,
    defaultRoleId: ctx.realmRole(rep.defaultRole?.name ?? `default-roles-${name.toLowerCase()}`) ?? "",
    defaultClientScopeIds: scopeIds(rep.defaultDefaultClientScopes),
    optionalClientScopeIds: scopeIds(rep.defaultOptionalClientScopes),
    defaultGroupIds: (rep.defaultGroups ?? [])
      .map((p) => ctx.groupIdsByPath.get(p.startsWith("/") ? p : `/${p}`))
      .filter((id): id is string => !!id),
    localizationTexts: structuredClone(rep.localizationTexts ?? {}),
    eventsConfig: {
      eventsEnabled: rep.eventsEnabled ?? false,
      ...(rep.eventsExpiration !== undefined ? { eventsExpiration: rep.eventsExpiration } : {}),
      eventsListeners: rep.eventsListeners ?? ["jboss-logging"],
      enabledEventTypes: rep.enabledEventTypes ?? [],
      adminEventsEnabled: rep.adminEventsEnabled ?? false,
      adminEventsDetailsEnabled: rep.adminEventsDetailsEnabled ?? false,
    },
    createdTimestamp: now(),
  };
  if (rep.displayName !== undefined) record.displayName = rep.displayName;
  if (rep.displayNameHtml !== undefined) record.displayNameHtml = rep.displayNameHtml;
  return record;
}

/**
 * Clients with service accounts enabled get their `service-account-{clientId}` user, with the realm's default role, when
 * the import has none.
 */
export function addMissingServiceAccounts(
  ctx: ImportContext,
  clients: NonNullable<RealmRep["clients"]>,
  defaultRole: string | undefined,
): void {
  const linked = new Set<string>();
  for (const [table, record] of ctx.records)
    if (table === "users" && record.serviceAccountClientId) linked.add(record.serviceAccountClientId);
  for (const c of clients) {
    const internalId = ctx.clientIds.get(c.clientId)!;
    if (c.serviceAccountsEnabled !== true || linked.has(internalId)) continue;
    const username = serviceAccountUsername(c.clientId);
    if (ctx.userIdsByUsername.has(username)) continue;
    const user: UserRecord = {
      id: newId(),
      realmId: ctx.realmId,
      username,
      enabled: true,
      emailVerified: false,
      attributes: {},
      requiredActions: [],
      createdTimestamp: now(),
      notBefore: 0,
      serviceAccountClientId: internalId,
      credentials: [],
      groupIds: [],
      roleIds: defaultRole ? [defaultRole] : [],
      federatedIdentities: [],
      consents: [],
    };
    ctx.userIdsByUsername.set(username, user.id);
    ctx.put("users", user);
  }
}
