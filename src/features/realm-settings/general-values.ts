import { keyValueToMap, mapToKeyValue, type KeyValueEntry } from "../../core/ui/form/key-value-convert.ts";
import type { Realm } from "./queries.ts";

export const ACR_LOA_MAP = "acr.loa.map";
export const FRONTEND_URL = "frontendUrl";
export const SSL_REQUIRED = ["all", "external", "none"] as const;
/** The user profile's unmanagedAttributePolicy; `DISABLED` stands for the policy being absent, as upstream. */
export const UNMANAGED_POLICIES = ["DISABLED", "ENABLED", "ADMIN_VIEW", "ADMIN_EDIT"] as const;
export type UnmanagedPolicyChoice = (typeof UNMANAGED_POLICIES)[number];

export interface GeneralValues {
  realmName: string;
  displayName: string;
  displayNameHtml: string;
  frontendUrl: string;
  sslRequired: string;
  acrLoaMap: KeyValueEntry[];
  userManagedAccessAllowed: boolean;
  unmanagedAttributePolicy: UnmanagedPolicyChoice;
  organizationsEnabled: boolean;
  adminPermissionsEnabled: boolean;
}

/** The realm's `acr.loa.map` attribute (JSON of ACR → level) as rows; an unreadable value gives no rows. */
function acrRows(text: string | undefined): KeyValueEntry[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return [];
    return mapToKeyValue(
      Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([key, value]) => [key, String(value)])),
    );
  } catch {
    return [];
  }
}

export function toGeneralValues(realm: Realm, policy: string | undefined): GeneralValues {
  const attributes = (realm.attributes ?? {}) as Record<string, string | undefined>;
  return {
    realmName: realm.realm ?? "",
    displayName: realm.displayName ?? "",
    displayNameHtml: realm.displayNameHtml ?? "",
    frontendUrl: attributes[FRONTEND_URL] ?? "",
    sslRequired: realm.sslRequired ?? "external",
    acrLoaMap: acrRows(attributes[ACR_LOA_MAP]),
    userManagedAccessAllowed: realm.userManagedAccessAllowed === true,
    unmanagedAttributePolicy: (UNMANAGED_POLICIES as readonly string[]).includes(policy ?? "")
      ? (policy as UnmanagedPolicyChoice)
      : "DISABLED",
    organizationsEnabled: realm.organizationsEnabled === true,
    adminPermissionsEnabled: realm.adminPermissionsEnabled === true,
  };
}

/** The realm's changed fields; LoA levels are stored as numbers, as Keycloak reads them. */
export function generalChanges(realm: Realm, values: GeneralValues): Partial<Realm> {
  const levels = Object.fromEntries(
    Object.entries(keyValueToMap(values.acrLoaMap)).map(([acr, [level]]) => [acr, Number(level)]),
  );
  return {
    realm: values.realmName.trim(),
    displayName: values.displayName,
    displayNameHtml: values.displayNameHtml,
    sslRequired: values.sslRequired,
    userManagedAccessAllowed: values.userManagedAccessAllowed,
    organizationsEnabled: values.organizationsEnabled,
    adminPermissionsEnabled: values.adminPermissionsEnabled,
    attributes: {
      ...realm.attributes,
      [FRONTEND_URL]: values.frontendUrl.trim(),
      [ACR_LOA_MAP]: JSON.stringify(levels),
    },
  };
}

/** An LoA must be a whole number; an empty row is fine (it is dropped). */
export const isLevel = (value: string) => /^-?\d+$/.test(value.trim());
