import type { Attributes, RealmRecord, UserRecord } from "../../store/types.ts";
import {
  type UpConfig,
  adminCanEdit,
  adminCanView,
  findAttribute,
  isRootAttribute,
  ROOT_ATTRIBUTES,
} from "./profile-config.ts";
import { realmFlag } from "./realm-flag.ts";

/** A UserRepresentation's attributes with its root fields (username, email, firstName, lastName) folded in. */
export function rawAttributes(rep: Record<string, unknown>): Attributes {
  const attributes: Attributes = {};
  if (rep.attributes && typeof rep.attributes === "object") {
    for (const [name, value] of Object.entries(rep.attributes as Record<string, unknown>)) {
      if (isRootAttribute(name)) continue;
      attributes[name] = Array.isArray(value)
        ? value.filter((v) => v !== null && v !== undefined).map(String)
        : value === null || value === undefined
          ? []
          : [String(value)];
    }
  }
  for (const name of ROOT_ATTRIBUTES) if (typeof rep[name] === "string") attributes[name] = [rep[name] as string];
  for (const name of ["username", "email"]) if (attributes[name]) attributes[name] = attributes[name].map(normalized);
  return attributes;
}

/** Keycloak trims usernames and emails; NFC makes "café" typed two ways one name. */
const normalized = (value: string) => value.normalize("NFC").trim();

/** Everything the user has now, root fields included. */
export function currentAttributes(user: UserRecord): Attributes {
  const attributes: Attributes = { ...user.attributes, username: [user.username] };
  if (user.email !== undefined) attributes.email = [user.email];
  if (user.firstName !== undefined) attributes.firstName = [user.firstName];
  if (user.lastName !== undefined) attributes.lastName = [user.lastName];
  return attributes;
}

/**
 * What PUT /users/{id} validates and stores: the representation's attributes,
 * plus, when it sends no `attributes` at all, everything the user has now.
 */
export function profileInput(rep: Record<string, unknown>, realm: RealmRecord, existing?: UserRecord): Attributes {
  const input = rawAttributes(rep);
  if (existing && rep.attributes == null) {
    for (const [name, values] of Object.entries(currentAttributes(existing)))
      if (!(name in input)) input[name] = values;
  }
  // Keycloak keeps a username the representation leaves out (it is read-only unless editUsernameAllowed).
  if (existing && !input.username?.[0]) input.username = [existing.username];
  if (realmFlag(realm, "registrationEmailAsUsername") && input.email?.[0]) input.username = [input.email[0]];
  return input;
}

export function unmanagedVisible(config: UpConfig): boolean {
  return config.unmanagedAttributePolicy !== undefined;
}

export function unmanagedEditable(config: UpConfig): boolean {
  return config.unmanagedAttributePolicy === "ENABLED" || config.unmanagedAttributePolicy === "ADMIN_EDIT";
}

const firstValue = (values: string[] | undefined) => {
  const value = values?.find((v) => v !== "");
  return value === undefined ? undefined : value;
};

/**
 * Writes validated profile input onto the user record (not yet stored).
 * `removeUnmanaged`: Keycloak removes editable unmanaged attributes missing
 * from the input only when the representation carried `attributes`.
 */
export function applyProfile(
  user: UserRecord,
  input: Attributes,
  config: UpConfig,
  realm: RealmRecord,
  removeUnmanaged: boolean,
): void {
  const emailAsUsername = realmFlag(realm, "registrationEmailAsUsername");
  const creating = user.username === "";
  const usernameEditable = creating || (realmFlag(realm, "editUsernameAllowed") && !emailAsUsername) || emailAsUsername;
  const root = (name: string) => {
    const attribute = findAttribute(config, name);
    return !attribute || adminCanEdit(attribute);
  };
  if (usernameEditable && firstValue(input.username)) user.username = firstValue(input.username)!.toLowerCase();
  if (root("email")) user.email = firstValue(input.email)?.toLowerCase();
  if (root("firstName")) user.firstName = firstValue(input.firstName);
  if (root("lastName")) user.lastName = firstValue(input.lastName);
  if (user.email === undefined) delete user.email;
  if (user.firstName === undefined) delete user.firstName;
  if (user.lastName === undefined) delete user.lastName;

  const next: Attributes = {};
  for (const [name, values] of Object.entries(user.attributes)) {
    const attribute = findAttribute(config, name);
    const editable = attribute ? adminCanEdit(attribute) : unmanagedEditable(config) && removeUnmanaged;
    if (!editable) next[name] = values;
  }
  for (const attribute of config.attributes) {
    if (isRootAttribute(attribute.name) || !adminCanEdit(attribute)) continue;
    const values = (input[attribute.name] ?? []).filter((v) => v !== "");
    if (values.length) next[attribute.name] = values;
    else delete next[attribute.name];
  }
  if (unmanagedEditable(config)) {
    for (const [name, values] of Object.entries(input)) {
      if (isRootAttribute(name) || findAttribute(config, name)) continue;
      if (values.length) next[name] = values;
      else delete next[name];
    }
  }
  // Keycloak's user profile manages `locale` itself while the realm has internationalization on.
  if (
    realmFlag(realm, "internationalizationEnabled") &&
    input.locale !== undefined &&
    !findAttribute(config, "locale")
  ) {
    const locale = firstValue(input.locale);
    if (locale) next.locale = [locale];
    else delete next.locale;
  }
  user.attributes = next;
}

/** Attributes Keycloak shows administrators whatever the user profile says: the locale, Update email's pending address. */
const ALWAYS_VISIBLE = new Set(["locale", "kc.email.pending"]);

/** Attributes an administrator sees in a UserRepresentation (root fields excluded). */
export function visibleAttributes(
  user: UserRecord,
  config: UpConfig,
  alsoVisible: ReadonlySet<string> = new Set(),
): Attributes {
  const visible: Attributes = {};
  for (const [name, values] of Object.entries(user.attributes)) {
    if (isRootAttribute(name)) continue;
    const attribute = findAttribute(config, name);
    if (
      attribute
        ? adminCanView(attribute)
        : unmanagedVisible(config) || ALWAYS_VISIBLE.has(name) || alsoVisible.has(name)
    )
      visible[name] = values;
  }
  return visible;
}

/** GET /users/{id}/unmanagedAttributes. */
export function unmanagedAttributes(user: UserRecord, config: UpConfig): Attributes {
  if (!unmanagedVisible(config)) return {};
  const unmanaged: Attributes = {};
  for (const [name, values] of Object.entries(user.attributes))
    if (!isRootAttribute(name) && !findAttribute(config, name)) unmanaged[name] = values;
  return unmanaged;
}
