import type { Db } from "../../store/db.ts";
import type { Attributes, RealmRecord, UserRecord } from "../../store/types.ts";
import { badRequest, conflict, fieldErrors } from "../../http/errors.ts";
import { type UpAttribute, type UpConfig, adminCanEdit, requiredForAdmin } from "./profile-config.ts";
import { realmFlag } from "./realm-flag.ts";
import { userIdByUsername, userIdsByEmail } from "./username-index.ts";

interface ValidationError {
  field: string;
  errorMessage: string;
  params: unknown[];
}

// Keycloak's prohibited characters for usernames and person names (UsernameProhibitedCharactersValidator et al.).
const PROHIBITED = /[<>&"$%!#?§;*~/\\|^=[\]{}()\p{Cc}\v]/u;
const USERNAME_SCRIPTS = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]+$/u;
// Invisible format characters (zero-width space, joiners, direction marks) would make look-alike usernames.
const INVISIBLE = /\p{Cf}/u;
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+$/;
const MAX_EMAIL_LOCAL_PART = 64;

function lengthError(name: string, value: string, config: Record<string, unknown>): ValidationError | undefined {
  const min = config.min !== undefined && config.min !== "" ? Number(config.min) : undefined;
  const max = config.max !== undefined && config.max !== "" ? Number(config.max) : undefined;
  const length =
    config["trim-disabled"] === true || config["trim-disabled"] === "true" ? value.length : value.trim().length;
  if ((min === undefined || length >= min) && (max === undefined || length <= max)) return undefined;
  // Keycloak always sends [attribute, min, max]: its texts pick {{1}} or {{2}}.
  const params = [name, config.min ?? null, config.max ?? null];
  if (min !== undefined && max !== undefined) return { field: name, errorMessage: "error-invalid-length", params };
  if (min !== undefined) return { field: name, errorMessage: "error-invalid-length-too-short", params };
  return { field: name, errorMessage: "error-invalid-length-too-long", params };
}

function validatorError(
  name: string,
  validator: string,
  config: Record<string, unknown>,
  value: string,
): ValidationError | undefined {
  const custom = typeof config["error-message"] === "string" ? (config["error-message"] as string) : undefined;
  switch (validator) {
    case "length":
      return lengthError(name, value, config);
    case "email": {
      const local = value.split("@")[0] ?? "";
      if (EMAIL.test(value) && local.length <= Number(config["max-local-length"] ?? MAX_EMAIL_LOCAL_PART))
        return undefined;
      return { field: name, errorMessage: custom ?? "error-invalid-email", params: [name] };
    }
    case "username-prohibited-characters":
      return PROHIBITED.test(value) || INVISIBLE.test(value) || !USERNAME_SCRIPTS.test(value)
        ? { field: name, errorMessage: custom ?? "error-username-invalid-character", params: [name] }
        : undefined;
    case "up-username-not-idn-homograph":
      return USERNAME_SCRIPTS.test(value)
        ? undefined
        : { field: name, errorMessage: custom ?? "error-username-invalid-character", params: [name] };
    case "person-name-prohibited-characters":
      return PROHIBITED.test(value)
        ? { field: name, errorMessage: custom ?? "error-person-name-invalid-character", params: [name] }
        : undefined;
    case "pattern": {
      const pattern = String(config.pattern ?? "");
      return new RegExp(pattern).test(value)
        ? undefined
        : { field: name, errorMessage: custom ?? "error-pattern-no-match", params: [name, pattern] };
    }
    case "options": {
      const options = Array.isArray(config.options) ? config.options.map(String) : [];
      return options.includes(value)
        ? undefined
        : { field: name, errorMessage: custom ?? "error-invalid-option", params: [name, options] };
    }
    case "integer":
    case "double": {
      const number = Number(value);
      const valid =
        value.trim() !== "" && Number.isFinite(number) && (validator === "double" || Number.isInteger(number));
      if (!valid) return { field: name, errorMessage: "error-invalid-number", params: [name] };
      if (config.min !== undefined && number < Number(config.min))
        return {
          field: name,
          errorMessage: "error-number-out-of-range-too-small",
          params: [name, config.min, config.max ?? null],
        };
      if (config.max !== undefined && number > Number(config.max))
        return {
          field: name,
          errorMessage: "error-number-out-of-range-too-big",
          params: [name, config.min ?? null, config.max],
        };
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The errors of the attribute's validators (and its single-value rule) for these values, first per validator. */
export function attributeErrors(attribute: UpAttribute, values: string[]): ValidationError[] {
  const errors: ValidationError[] = [];
  const name = attribute.name;
  if (!attribute.multivalued && values.length > 1)
    errors.push({ field: name, errorMessage: "error-invalid-multivalued-size", params: [name, 0, 1] });
  for (const [validator, config] of Object.entries(attribute.validations ?? {})) {
    const ignoreEmpty = config["ignore.empty.value"] !== false && config["ignore.empty.value"] !== "false";
    for (const value of values.length ? values : [""]) {
      if (value === "" && ignoreEmpty) continue;
      const error = validatorError(name, validator, config, value);
      if (error) {
        errors.push(error);
        break;
      }
    }
  }
  return errors;
}

const blank = (values: string[] | undefined) => !values || values.every((v) => v.trim() === "");

function emailTaken(db: Db, realm: RealmRecord, email: string, self: UserRecord | undefined): boolean {
  for (const id of userIdsByEmail(db, realm.id, email)) if (id !== self?.id) return true;
  return false;
}

/**
 * Validates the attributes a user will have (root attributes included) in the
 * admin context and throws Keycloak's answers: 400 "User name is missing",
 * 409 on a taken username or email, else 400 with the field errors.
 */
export function validateProfile(
  db: Db,
  realm: RealmRecord,
  config: UpConfig,
  input: Attributes,
  existing: UserRecord | undefined,
): void {
  const errors: (ValidationError | Error)[] = [];
  const emailAsUsername = realmFlag(realm, "registrationEmailAsUsername");
  const username = (input.username?.[0] ?? "").toLowerCase();
  const email = (input.email?.[0] ?? "").toLowerCase();
  for (const attribute of config.attributes) {
    const values = (input[attribute.name] ?? []).filter((v) => v !== null && v !== undefined);
    const editable = adminCanEdit(attribute) || attribute.name === "username";
    if (!editable) continue;
    if (attribute.name === "username") {
      if (emailAsUsername) continue;
      if (username.trim() === "") {
        errors.push(badRequest("User name is missing"));
        continue;
      }
      if (existing && username !== existing.username && !realmFlag(realm, "editUsernameAllowed")) {
        errors.push({ field: "username", errorMessage: "readOnlyUsernameMessage", params: ["username"] });
        continue;
      }
      const owner = userIdByUsername(db, realm.id, username);
      if (owner && owner !== existing?.id) errors.push(conflict("User exists with same username"));
    }
    if (attribute.name === "email") {
      if (emailAsUsername && email === "") {
        errors.push({ field: "email", errorMessage: "missingEmailMessage", params: ["email"] });
        continue;
      }
      if (email !== "") {
        const duplicatesAllowed = realmFlag(realm, "duplicateEmailsAllowed") && !emailAsUsername;
        if (!duplicatesAllowed && email !== existing?.email && emailTaken(db, realm, email, existing))
          errors.push(conflict("User exists with same email"));
        if (emailAsUsername) {
          const owner = userIdByUsername(db, realm.id, email);
          if (owner && owner !== existing?.id) errors.push(conflict("User exists with same username"));
        }
      }
    }
    if (requiredForAdmin(attribute) && blank(values)) {
      errors.push({ field: attribute.name, errorMessage: "error-user-attribute-required", params: [attribute.name] });
      continue;
    }
    errors.push(...attributeErrors(attribute, values));
  }
  const thrown = errors.find((e): e is Error => e instanceof Error);
  if (thrown) throw thrown;
  if (errors.length) throw fieldErrors(errors as ValidationError[]);
}
