import type { FastifyReply } from "fastify";
import type { UserRecord } from "../../store/types.ts";
import { findAttribute, readUpConfig } from "../../admin/users/profile-config.ts";
import { userIdByUsername, userIdsByEmail } from "../../admin/users/username-index.ts";
import { attributeErrors } from "../../admin/users/profile-validation.ts";
import { loginErrorText } from "./profile-error-texts.ts";
import { recordEvent } from "../../events/record.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../html.ts";
import { realmTitle } from "../error-page.ts";
import { requiredActionUrl, type Form, type LoginContext } from "./login-context.ts";
import type { RequiredActionHandler } from "./required-action-handlers.ts";
import { enabledRequiredActions } from "./required-action-list.ts";

const ALIAS = "UPDATE_PROFILE";

export type Field = "username" | "email" | "firstName" | "lastName";
export type ProfileValues = Partial<Record<Field, string>>;
export interface ProfileField {
  name: Field;
  required: boolean;
}
const LABELS: Record<Field, string> = {
  username: "Username",
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
};
/** Keycloak 26.7.3's text for a required field left empty (the same for every field on its profile pages). */
const MISSING = "Please specify this field.";

/** What the profile checks read of a login: its server and realm (a password grant has no browser login). */
export type ProfileScope = Pick<LoginContext, "server" | "realm">;

/** The fields the Update Account Information page shows: the username too where the realm lets users edit it. */
export function accountFields(ctx: ProfileScope): ProfileField[] {
  const emailAsUsername = ctx.realm.settings.registrationEmailAsUsername === true;
  return profileFields(ctx, ctx.realm.settings.editUsernameAllowed === true && !emailAsUsername);
}

/** The user-editable profile fields the login pages ask for, per the realm's user profile. */
export function profileFields(ctx: ProfileScope, usernameEditable: boolean): ProfileField[] {
  const config = readUpConfig(ctx.server, ctx.realm);
  const emailAsUsername = ctx.realm.settings.registrationEmailAsUsername === true;
  const names: Field[] = [...(usernameEditable ? (["username"] as const) : []), "email", "firstName", "lastName"];
  return names
    .map((name) => ({ name, attribute: findAttribute(config, name) }))
    .filter(
      ({ name, attribute }) =>
        name === "username" || (attribute && (attribute.permissions?.edit ?? []).includes("user")),
    )
    .map(({ name, attribute }) => ({
      name,
      required:
        name === "username" ||
        (attribute?.required?.roles ?? []).includes("user") ||
        (name === "email" && emailAsUsername),
    }));
}

/** The labelled inputs of these fields, each with its error below it. */
export function profileInputs(fields: ProfileField[], values: ProfileValues, errors: ProfileValues): string {
  return fields
    .map(({ name, required }) => {
      const error = errors[name];
      const described = error ? ` aria-invalid="true" aria-describedby="input-error-${name}"` : "";
      const type = name === "email" ? "email" : "text";
      return `<label for="${name}">${LABELS[name]}${required ? ` <span class="kc-required" aria-hidden="true">*</span>` : ""}</label>
<input type="${type}" id="${name}" name="${name}" value="${escapeHtml(values[name] ?? "")}" autocomplete="${
        name === "firstName" ? "given-name" : name === "lastName" ? "family-name" : name
      }"${required ? " required" : ""}${described}>${
        error ? `\n<span id="input-error-${name}" class="kc-error" aria-live="polite">${escapeHtml(error)}</span>` : ""
      }`;
    })
    .join("\n");
}

/** With the Update email action on, Keycloak's profile pages leave the email to it: no field, and a posted one refused. */
const emailByUpdateEmail = (ctx: ProfileScope) => enabledRequiredActions(ctx).some((a) => a.alias === "UPDATE_EMAIL");
const pageFields = (ctx: ProfileScope) =>
  emailByUpdateEmail(ctx) ? accountFields(ctx).filter((f) => f.name !== "email") : accountFields(ctx);

/** The Update Account Information page of a required action (UPDATE_PROFILE or VERIFY_PROFILE). */
export function sendProfilePage(ctx: LoginContext, alias: string, values: ProfileValues, errors: ProfileValues = {}) {
  const inputs = profileInputs(pageFields(ctx), values, errors);
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Update Account Information</h1>
<form id="kc-update-profile-form" action="${escapeHtml(requiredActionUrl(ctx, alias))}" method="post" novalidate>
${inputs}
<input type="submit" id="kc-submit" value="Submit">
</form>`;
  return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage("Update Account Information", body));
}

/** Keycloak's message for a field's value by the user profile's own rules (required, validators, length), if any. */
export function profileFieldError(
  ctx: ProfileScope,
  { name, required }: ProfileField,
  value: string,
): string | undefined {
  if (!value) return required ? MISSING : undefined;
  const attribute = findAttribute(readUpConfig(ctx.server, ctx.realm), name);
  const invalid = attribute ? attributeErrors(attribute, [value])[0] : undefined;
  if (invalid) return loginErrorText(invalid);
  return value.length > 255 ? "Please specify this field with at most 255 characters." : undefined;
}

/** Keycloak's message when another user already has this email (unless the realm allows that) or username. */
function takenError(ctx: ProfileScope, name: Field, value: string, userId?: string): string | undefined {
  const { db } = ctx.server;
  if (name === "email" && ctx.realm.settings.duplicateEmailsAllowed !== true)
    return userIdsByEmail(db, ctx.realm.id, value).some((id) => id !== userId) ? "Email already exists." : undefined;
  if (name !== "username") return undefined;
  const owner = userIdByUsername(db, ctx.realm.id, value);
  return owner && owner !== userId ? "Username already exists." : undefined;
}

/** The form's values of these fields and Keycloak's messages for the invalid ones (`userId`: who may keep their own). */
export function validateProfileForm(ctx: ProfileScope, fields: ProfileField[], form: Form, userId?: string) {
  const errors: ProfileValues = {};
  const values: ProfileValues = {};
  for (const field of fields) {
    const value = (form[field.name] ?? "").trim();
    values[field.name] = value;
    const error =
      profileFieldError(ctx, field, value) ?? (value ? takenError(ctx, field.name, value, userId) : undefined);
    if (error) errors[field.name] = error;
  }
  return { values, errors };
}

/** The user's current values of the profile fields. */
export const profileValues = (user: UserRecord): ProfileValues => ({
  username: user.username,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
});

const EVENT_NAMES: Record<Field, string> = {
  username: "username",
  email: "email",
  firstName: "first_name",
  lastName: "last_name",
};

/** The posted profile form of a required action: the page again with its errors, else saved ("done"). */
export async function saveProfileForm(
  ctx: LoginContext,
  user: UserRecord,
  form: Form,
  alias: string,
): Promise<"done" | FastifyReply> {
  const { values, errors } = validateProfileForm(ctx, pageFields(ctx), form, user.id);
  if (Object.keys(errors).length) return sendProfilePage(ctx, alias, values, errors);
  // Keycloak answers a changed email here with the page again (its read-only error belongs to a field not shown)
  if (form.email !== undefined && emailByUpdateEmail(ctx) && form.email.trim().toLowerCase() !== (user.email ?? ""))
    return sendProfilePage(ctx, alias, values);
  const fresh = ctx.server.db.get("users", user.id) ?? user;
  const updated: UserRecord = { ...fresh };
  if (values.username !== undefined && values.username) updated.username = values.username.toLowerCase();
  if (values.email !== undefined) {
    const email = values.email.toLowerCase() || undefined;
    if (email !== fresh.email) updated.emailVerified = false;
    if (email) updated.email = email;
    else delete updated.email;
  }
  for (const name of ["firstName", "lastName"] as const) {
    if (values[name] === undefined) continue;
    if (values[name]) updated[name] = values[name];
    else delete updated[name];
  }
  if (ctx.realm.settings.registrationEmailAsUsername === true && updated.email) updated.username = updated.email;
  await ctx.server.db.write((tx) => tx.put("users", updated));
  const changes: Record<string, string> = {};
  for (const name of Object.keys(EVENT_NAMES) as Field[]) {
    if ((fresh[name] ?? "") === (updated[name] ?? "")) continue;
    if (fresh[name]) changes[`previous_${EVENT_NAMES[name]}`] = fresh[name];
    changes[`updated_${EVENT_NAMES[name]}`] = updated[name] ?? "";
  }
  await recordEvent(ctx.server, ctx.realm, {
    type: "UPDATE_PROFILE",
    clientId: ctx.client.clientId,
    userId: user.id,
    ipAddress: ctx.req.ip,
    details: { custom_required_action: alias, context: "UPDATE_PROFILE", ...changes },
  });
  return "done";
}

/** UPDATE_PROFILE: the user's names and email (and username where the realm lets users edit it), per the user profile. */
export const updateProfile: RequiredActionHandler = {
  show: (ctx, user) => sendProfilePage(ctx, ALIAS, profileValues(user)),
  process: (ctx, user, form) => saveProfileForm(ctx, user, form, ALIAS),
};
