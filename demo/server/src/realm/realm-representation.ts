import type { Db } from "../store/db.ts";
import type { RealmRecord } from "../store/types.ts";
import type { Json } from "./representation.ts";
import { savedByDefaultEventTypes } from "../events/event-types.ts";

/** RealmRepresentation as `GET /admin/realms/{realm}` answers it. */
export function realmRepresentation(db: Db, realm: RealmRecord): Json {
  const defaultRole = db.get("roles", realm.defaultRoleId);
  const { eventsConfig } = realm;
  return {
    id: realm.id,
    realm: realm.realm,
    ...(realm.displayName !== undefined ? { displayName: realm.displayName } : {}),
    ...(realm.displayNameHtml !== undefined ? { displayNameHtml: realm.displayNameHtml } : {}),
    ...realm.settings,
    ...(realm.settings.smtpServer ? { smtpServer: maskedSmtpServer(realm.settings.smtpServer) } : {}),
    enabled: realm.enabled,
    ...defaultGroupPaths(db, realm),
    ...(defaultRole
      ? {
          defaultRole: {
            id: defaultRole.id,
            name: defaultRole.name,
            description: defaultRole.description,
            composite: true,
            clientRole: false,
            containerId: realm.id,
          },
        }
      : {}),
    eventsEnabled: eventsConfig.eventsEnabled,
    ...(eventsConfig.eventsExpiration !== undefined ? { eventsExpiration: eventsConfig.eventsExpiration } : {}),
    eventsListeners: eventsConfig.eventsListeners,
    enabledEventTypes: eventsConfig.enabledEventTypes,
    adminEventsEnabled: eventsConfig.adminEventsEnabled,
    adminEventsDetailsEnabled: eventsConfig.adminEventsDetailsEnabled,
  };
}

/** `defaultGroups` as Keycloak's GET realm has it: the default groups' paths, left out when there are none. */
function defaultGroupPaths(db: Db, realm: RealmRecord): Json {
  const pathOf = (id: string): string | undefined => {
    const group = db.get("groups", id);
    if (!group) return undefined;
    const parent = group.parentId ? pathOf(group.parentId) : "";
    return parent === undefined ? undefined : `${parent}/${group.name}`;
  };
  const paths = realm.defaultGroupIds.map(pathOf).filter((path): path is string => path !== undefined);
  return paths.length ? { defaultGroups: paths } : {};
}

/** The `smtpServer` secrets Keycloak never hands out: they read as its mask. */
export const SMTP_SECRETS = ["password", "authTokenClientSecret"] as const;
export const SMTP_SECRET_MASK = "**********";

function maskedSmtpServer(smtp: unknown): unknown {
  if (!smtp || typeof smtp !== "object") return smtp;
  const masked: Record<string, unknown> = { ...(smtp as Record<string, unknown>) };
  for (const key of SMTP_SECRETS) if (masked[key] !== undefined) masked[key] = SMTP_SECRET_MASK;
  return masked;
}

/** The brief form (`briefRepresentation=true`). */
export function briefRealmRepresentation(realm: RealmRecord): Json {
  return {
    id: realm.id,
    realm: realm.realm,
    ...(realm.displayName !== undefined ? { displayName: realm.displayName } : {}),
    ...(realm.displayNameHtml !== undefined ? { displayNameHtml: realm.displayNameHtml } : {}),
    enabled: realm.enabled,
  };
}

/** What an administrator without view-realm still reads of a realm (the console needs its name and locales). */
export function limitedRealmRepresentation(realm: RealmRecord): Json {
  const s = realm.settings;
  return {
    id: realm.id,
    realm: realm.realm,
    ...(realm.displayName !== undefined ? { displayName: realm.displayName } : {}),
    ...(realm.displayNameHtml !== undefined ? { displayNameHtml: realm.displayNameHtml } : {}),
    enabled: realm.enabled,
    internationalizationEnabled: s.internationalizationEnabled ?? false,
    supportedLocales: s.supportedLocales ?? [],
    ...(s.defaultLocale !== undefined ? { defaultLocale: s.defaultLocale } : {}),
    registrationEmailAsUsername: s.registrationEmailAsUsername ?? false,
    editUsernameAllowed: s.editUsernameAllowed ?? false,
    organizationsEnabled: s.organizationsEnabled ?? false,
    adminPermissionsEnabled: s.adminPermissionsEnabled ?? false,
    bruteForceProtected: s.bruteForceProtected ?? false,
  };
}

/** RealmEventsConfigRepresentation: with no event types named, Keycloak lists the types it saves by default. */
export function eventsConfigRepresentation(realm: RealmRecord): Json {
  const c = realm.eventsConfig;
  return {
    eventsEnabled: c.eventsEnabled,
    ...(c.eventsExpiration !== undefined ? { eventsExpiration: c.eventsExpiration } : {}),
    eventsListeners: c.eventsListeners,
    enabledEventTypes: c.enabledEventTypes.length ? c.enabledEventTypes : savedByDefaultEventTypes(),
    adminEventsEnabled: c.adminEventsEnabled,
    adminEventsDetailsEnabled: c.adminEventsDetailsEnabled,
  };
}
