import type { ServerContext } from "../../context.ts";
import type { ComponentRecord, RealmRecord } from "../../store/types.ts";
import { newId } from "../../common/ids.ts";
import { MASTER_REALM } from "../../realm/lookup.ts";

/** Keycloak's UPConfig (the declarative user profile), as GET/PUT /users/profile exchange it. */
export interface UpAttribute {
  name: string;
  displayName?: string;
  validations?: Record<string, Record<string, unknown>>;
  annotations?: Record<string, unknown>;
  required?: { roles?: string[]; scopes?: string[] };
  permissions?: { view?: string[]; edit?: string[] };
  selector?: { scopes?: string[] };
  group?: string;
  multivalued?: boolean;
}

export interface UpGroup {
  name: string;
  displayHeader?: string;
  displayDescription?: string;
  annotations?: Record<string, unknown>;
}

export type UnmanagedAttributePolicy = "ENABLED" | "ADMIN_VIEW" | "ADMIN_EDIT";

export interface UpConfig {
  attributes: UpAttribute[];
  groups?: UpGroup[];
  unmanagedAttributePolicy?: UnmanagedAttributePolicy;
}

export const PROFILE_PROVIDER_TYPE = "org.keycloak.userprofile.UserProfileProvider";
const CONFIG_KEY = "kc.user.profile.config";
export const ROOT_ATTRIBUTES = ["username", "email", "firstName", "lastName"] as const;

const everyone = () => ({ view: ["admin", "user"], edit: ["admin", "user"] });

/**
 * Keycloak 26's default user profile. New realms require email, first and last name of users; the administration
 * realm (master) requires none of them, so its bootstrap admin signs in without completing a profile.
 */
export function defaultUpConfig(administrationRealm = false): UpConfig {
  const config: UpConfig = {
    attributes: [
      {
        name: "username",
        displayName: "${username}",
        validations: {
          length: { min: 3, max: 255 },
          "username-prohibited-characters": {},
          "up-username-not-idn-homograph": {},
        },
        permissions: everyone(),
        multivalued: false,
      },
      {
        name: "email",
        displayName: "${email}",
        validations: { email: {}, length: { max: 255 } },
        required: { roles: ["user"] },
        permissions: everyone(),
        multivalued: false,
      },
      {
        name: "firstName",
        displayName: "${firstName}",
        validations: { length: { max: 255 }, "person-name-prohibited-characters": {} },
        required: { roles: ["user"] },
        permissions: everyone(),
        multivalued: false,
      },
      {
        name: "lastName",
        displayName: "${lastName}",
        validations: { length: { max: 255 }, "person-name-prohibited-characters": {} },
        required: { roles: ["user"] },
        permissions: everyone(),
        multivalued: false,
      },
    ],
    groups: [
      {
        name: "user-metadata",
        displayHeader: "User metadata",
        displayDescription: "Attributes, which refer to user metadata",
      },
    ],
  };
  if (administrationRealm) for (const attribute of config.attributes) delete attribute.required;
  return config;
}

function profileComponent(server: ServerContext, realm: RealmRecord): ComponentRecord | undefined {
  for (const component of server.db.iterate("components", realm.id))
    if (component.providerType === PROFILE_PROVIDER_TYPE) return component;
  return undefined;
}

/** The realm's stored profile (a declarative-user-profile component, as Keycloak keeps it), else the default. */
export function readUpConfig(server: ServerContext, realm: RealmRecord): UpConfig {
  const stored = profileComponent(server, realm)?.config[CONFIG_KEY]?.[0];
  if (stored) {
    try {
      const parsed = JSON.parse(stored) as UpConfig;
      if (Array.isArray(parsed.attributes)) return parsed;
    } catch {
      /* a broken stored config falls back to the default */
    }
  }
  return defaultUpConfig(realm.realm === MASTER_REALM);
}

export async function writeUpConfig(server: ServerContext, realm: RealmRecord, config: UpConfig): Promise<void> {
  const existing = profileComponent(server, realm);
  const component: ComponentRecord = existing ?? {
    id: newId(),
    realmId: realm.id,
    name: "declarative-user-profile",
    providerId: "declarative-user-profile",
    providerType: PROFILE_PROVIDER_TYPE,
    parentId: realm.id,
    config: {},
  };
  component.config = { ...component.config, [CONFIG_KEY]: [JSON.stringify(config)] };
  await server.db.write((tx) => tx.put("components", component));
}

export const isRootAttribute = (name: string) => (ROOT_ATTRIBUTES as readonly string[]).includes(name);

export function findAttribute(config: UpConfig, name: string): UpAttribute | undefined {
  return config.attributes.find((a) => a.name === name);
}

export function adminCanEdit(attribute: UpAttribute): boolean {
  return attribute.permissions?.edit?.includes("admin") ?? false;
}

export function adminCanView(attribute: UpAttribute): boolean {
  return adminCanEdit(attribute) || (attribute.permissions?.view?.includes("admin") ?? false);
}

/** Required in the admin context: no roles listed, or "admin" among them; and not limited to scopes. */
export function requiredForAdmin(attribute: UpAttribute): boolean {
  if (!attribute.required) return false;
  if (attribute.required.scopes?.length) return false;
  const roles = attribute.required.roles;
  return !roles?.length || roles.includes("admin");
}
