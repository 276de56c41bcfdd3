import type { Db, Tx } from "../store/db.ts";
import type { RealmRecord } from "../store/types.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { MASTER_REALM, realmByName } from "./lookup.ts";
import { renameMasterAdminClient } from "./master-admin-client.ts";
import { checkRealmName } from "./realm-name.ts";
import { checkPasswordPolicy } from "./password-policy-syntax.ts";
import { keepMaskedSmtpPassword } from "./smtp-password.ts";
import { STRUCTURED_REALM_FIELDS, type RealmRep } from "./representation.ts";
import { SMTP_SECRET_MASK, SMTP_SECRETS } from "./realm-representation.ts";
import { adminPermissionsOn, ensureAdminPermissionsClient } from "../access/admin-permissions/setup.ts";

/**
 * The realm as `PUT /admin/realms/{realm}` leaves it: given fields replace
 * stored ones, absent fields stay, attributes are merged. Throws before
 * anything changes.
 */
export function updatedRealm(db: Db, realm: RealmRecord, rep: RealmRep): RealmRecord {
  const next: RealmRecord = structuredClone(realm);
  if (rep.realm !== undefined && rep.realm !== realm.realm) {
    const name = String(rep.realm).trim();
    if (!name) throw badRequest("Realm name cannot be empty");
    checkRealmName(name);
    if (realm.realm === MASTER_REALM) throw badRequest("Can't rename master realm");
    if (realmByName(db, name)) throw conflict("Realm with same name exists");
    next.realm = name;
  }
  if (typeof rep.passwordPolicy === "string") checkPasswordPolicy(rep.passwordPolicy);
  if (typeof rep.enabled === "boolean") next.enabled = rep.enabled;
  if (rep.displayName !== undefined) next.displayName = rep.displayName;
  if (rep.displayNameHtml !== undefined) next.displayNameHtml = rep.displayNameHtml;
  for (const [k, v] of Object.entries(rep)) {
    if (STRUCTURED_REALM_FIELDS.has(k) || v === undefined) continue;
    if (k === "attributes" && v && typeof v === "object")
      next.settings.attributes = { ...(next.settings.attributes as object), ...(v as object) };
    else if (k === "smtpServer" && v && typeof v === "object") next.settings.smtpServer = keptSmtpSecrets(realm, v);
    else next.settings[k] = v;
  }
  keepMaskedSmtpPassword(realm, next);
  applyEventsConfig(next, rep);
  if (rep.localizationTexts) next.localizationTexts = structuredClone(rep.localizationTexts);
  return next;
}

export function applyEventsConfig(realm: RealmRecord, rep: RealmRep): void {
  const c = realm.eventsConfig;
  if (typeof rep.eventsEnabled === "boolean") c.eventsEnabled = rep.eventsEnabled;
  if (typeof rep.eventsExpiration === "number") c.eventsExpiration = rep.eventsExpiration;
  if (Array.isArray(rep.eventsListeners)) c.eventsListeners = rep.eventsListeners.map(String);
  if (Array.isArray(rep.enabledEventTypes)) c.enabledEventTypes = rep.enabledEventTypes.map(String);
  if (typeof rep.adminEventsEnabled === "boolean") c.adminEventsEnabled = rep.adminEventsEnabled;
  if (typeof rep.adminEventsDetailsEnabled === "boolean") c.adminEventsDetailsEnabled = rep.adminEventsDetailsEnabled;
}

/** Puts the updated realm, renaming its `X-realm` client in master with it. */
export function putUpdatedRealm(db: Db, tx: Tx, before: RealmRecord, after: RealmRecord): void {
  if (before.realm !== after.realm) renameMasterAdminClient(db, tx, before.realm, after.realm);
  tx.put("realms", after);
  if (adminPermissionsOn(after) && !adminPermissionsOn(before)) ensureAdminPermissionsClient(db, tx, after);
}

/** A masked SMTP secret sent back (the representation only ever shows the mask) keeps the stored one. */
function keptSmtpSecrets(realm: RealmRecord, smtp: object): Record<string, unknown> {
  const stored = (realm.settings.smtpServer ?? {}) as Record<string, unknown>;
  const next: Record<string, unknown> = { ...(smtp as Record<string, unknown>) };
  for (const key of SMTP_SECRETS)
    if (next[key] === SMTP_SECRET_MASK) {
      if (stored[key] === undefined) delete next[key];
      else next[key] = stored[key];
    }
  return next;
}
