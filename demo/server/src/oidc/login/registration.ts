import type { FastifyReply } from "fastify";
import type { UserRecord } from "../../store/types.ts";
import { newId, now } from "../../common/ids.ts";
import { defaultRequiredActions } from "../../admin/users/required-actions.ts";
import { setUserPassword } from "../../access/passwords.ts";
import { checkPasswordPolicyOf, PasswordPolicyError } from "../../access/password-policy.ts";
import { recordEvent } from "../../events/record.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../html.ts";
import { realmTitle, sendErrorPage } from "../error-page.ts";
import { registrationSteps, type RegistrationSteps } from "./registration-steps.ts";
import { afterAuthentication } from "./after-authentication.ts";
import { beforeFederatedPassword, registerInDirectory } from "../../federation/user-hooks.ts";
import { HttpError } from "../../http/errors.ts";
import { profileFields, profileInputs, validateProfileForm, type ProfileValues } from "./action-update-profile.ts";
import { setUser, type Form, type LoginContext } from "./login-context.ts";
import { customProfileFields, customProfileInputs, validateCustomProfile } from "./profile-custom-fields.ts";

interface PasswordErrors {
  password?: string;
  "password-confirm"?: string;
  termsAccepted?: string;
}

function loginActionUrl(ctx: LoginContext, action: "registration" | "authenticate"): string {
  const query = new URLSearchParams({ client_id: ctx.client.clientId, tab_id: ctx.request.tabId });
  return `/realms/${encodeURIComponent(ctx.realm.realm)}/login-actions/${action}?${query}`;
}

const fieldsOf = (ctx: LoginContext) => profileFields(ctx, ctx.realm.settings.registrationEmailAsUsername !== true);

function passwordInput(id: "password" | "password-confirm", label: string, error: string | undefined): string {
  const described = error ? ` aria-invalid="true" aria-describedby="input-error-${id}"` : "";
  return `<label for="${id}">${label} <span class="kc-required" aria-hidden="true">*</span></label>
<input type="password" id="${id}" name="${id}" autocomplete="new-password" required${described}>${
    error ? `\n<span id="input-error-${id}" class="kc-error" aria-live="polite">${escapeHtml(error)}</span>` : ""
  }`;
}

/** The terms and their checkbox (Keycloak's registration-terms-and-conditions form action). */
function termsInput(error: string | undefined): string {
  const described = error ? ` aria-invalid="true" aria-describedby="input-error-terms-accepted"` : "";
  return `<div class="kc-terms"><p class="kc-terms-title">Terms and Conditions</p>
<div id="kc-registration-terms-text"><p>Terms and conditions to be defined</p></div></div>
<label class="kc-remember" for="termsAccepted"><input type="checkbox" id="termsAccepted" name="termsAccepted"${described}> I agree to the terms and conditions</label>${
    error
      ? `\n<span id="input-error-terms-accepted" class="kc-error" aria-live="polite">${escapeHtml(error)}</span>`
      : ""
  }`;
}

/** The register page, or the error page when the realm's registration flow has a step this server cannot run. */
export function openRegistration(ctx: LoginContext): FastifyReply {
  const steps = registrationSteps(ctx);
  if ("unsupported" in steps) return sendErrorPage(ctx.reply, ctx.realm, steps.unsupported, 500);
  return sendRegistrationPage(ctx, steps);
}

/** Keycloak's register page: the profile's fields, password and confirmation; what was typed stays, passwords do not. */
export function sendRegistrationPage(
  ctx: LoginContext,
  steps: RegistrationSteps,
  values: ProfileValues = {},
  errors: ProfileValues & PasswordErrors = {},
  custom: { values: Record<string, string>; errors: Record<string, string> } = { values: {}, errors: {} },
  message?: string,
): FastifyReply {
  const customInputs = customProfileInputs(customProfileFields(ctx), custom.values, custom.errors);
  const password = steps.password
    ? `\n${passwordInput("password", "Password", errors.password)}\n${passwordInput("password-confirm", "Confirm password", errors["password-confirm"])}`
    : "";
  const terms = steps.terms ? `\n${termsInput(errors.termsAccepted)}` : "";
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Register</h1>${message ? `\n<p id="kc-registration-error" class="kc-error" role="alert">${escapeHtml(message)}</p>` : ""}
<form id="kc-register-form" action="${escapeHtml(loginActionUrl(ctx, "registration"))}" method="post" novalidate>
${profileInputs(fieldsOf(ctx), values, errors)}${customInputs ? `\n${customInputs}` : ""}${password}${terms}
<input type="submit" id="kc-register" value="Register">
</form>
<div id="kc-form-options"><a href="${escapeHtml(loginActionUrl(ctx, "authenticate"))}">« Back to Login</a></div>`;
  return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage(`Register`, body));
}

function eventDetails(ctx: LoginContext, values: ProfileValues): Record<string, string> {
  const details: Record<string, string> = {
    auth_method: "openid-connect",
    auth_type: "code",
    register_method: "form",
    redirect_uri: ctx.request.redirectUri,
  };
  const username = ctx.realm.settings.registrationEmailAsUsername === true ? values.email : values.username;
  if (username) details.username = username;
  if (values.email) details.email = values.email;
  if (values.firstName) details.first_name = values.firstName;
  if (values.lastName) details.last_name = values.lastName;
  return details;
}

/** Keycloak's error code of a refused registration: a taken username or email, else invalid_registration. */
function errorCode(errors: ProfileValues & PasswordErrors): string {
  if (errors.username === "Username already exists.") return "username_in_use";
  if (errors.email === "Email already exists.") return "email_in_use";
  return "invalid_registration";
}

function newUser(ctx: LoginContext, values: ProfileValues, attributes: Record<string, string>): UserRecord {
  const { db } = ctx.server;
  const email = values.email ? values.email.toLowerCase() : undefined;
  const username =
    ctx.realm.settings.registrationEmailAsUsername === true ? (email ?? "") : (values.username ?? "").toLowerCase();
  const user: UserRecord = {
    id: newId(),
    realmId: ctx.realm.id,
    username,
    enabled: true,
    emailVerified: false,
    attributes: Object.fromEntries(
      Object.entries(attributes)
        .filter(([, value]) => value)
        .map(([name, value]) => [name, [value]]),
    ),
    requiredActions: defaultRequiredActions(db, ctx.realm),
    createdTimestamp: now(),
    notBefore: 0,
    credentials: [],
    groupIds: ctx.realm.defaultGroupIds.filter((id) => db.get("groups", id)),
    roleIds: db.get("roles", ctx.realm.defaultRoleId) ? [ctx.realm.defaultRoleId] : [],
    federatedIdentities: [],
    consents: [],
  };
  if (email) user.email = email;
  if (values.firstName) user.firstName = values.firstName;
  if (values.lastName) user.lastName = values.lastName;
  return user;
}

async function passwordErrors(
  ctx: LoginContext,
  user: UserRecord,
  password: string,
  confirmation: string | undefined,
): Promise<PasswordErrors> {
  if (!password) return { password: "Please specify password." };
  if (password !== confirmation) return { "password-confirm": "Password confirmation doesn't match." };
  try {
    await checkPasswordPolicyOf(ctx.realm, user, password);
    return {};
  } catch (error) {
    if (!(error instanceof PasswordPolicyError)) throw error;
    return { password: error.message };
  }
}

/** The posted registration: refused with every error shown, or a new user who goes on like a signed-in one. */
export async function processRegistration(ctx: LoginContext, form: Form): Promise<FastifyReply> {
  const steps = registrationSteps(ctx);
  if ("unsupported" in steps) return sendErrorPage(ctx.reply, ctx.realm, steps.unsupported, 500);
  const { values, errors } = validateProfileForm(ctx, fieldsOf(ctx), form);
  const custom = validateCustomProfile(customProfileFields(ctx), form);
  const allErrors: ProfileValues & PasswordErrors = { ...errors };
  const password = form.password ?? "";
  const user = newUser(ctx, values, custom.values);
  // A flow without the password step creates the user without one.
  if (steps.password) Object.assign(allErrors, await passwordErrors(ctx, user, password, form["password-confirm"]));
  if (steps.terms && form.termsAccepted === undefined)
    allErrors.termsAccepted = "You must agree to our terms and conditions.";
  if (Object.keys(allErrors).length || Object.keys(custom.errors).length) {
    await recordEvent(ctx.server, ctx.realm, {
      type: "REGISTER_ERROR",
      clientId: ctx.client.clientId,
      ipAddress: ctx.req.ip,
      error: errorCode(allErrors),
      details: eventDetails(ctx, values),
    });
    return sendRegistrationPage(ctx, steps, values, allErrors, custom);
  }
  if (steps.terms) user.attributes.terms_and_conditions = [String(Math.floor(Date.now() / 1000))];
  try {
    await registerInDirectory(ctx.server, ctx.realm, user);
  } catch (error) {
    // The directory refused the new entry: Keycloak 26.7.3 ends the registration on its error page (seen on it).
    if (!(error instanceof HttpError)) throw error;
    await recordEvent(ctx.server, ctx.realm, {
      type: "REGISTER_ERROR",
      clientId: ctx.client.clientId,
      ipAddress: ctx.req.ip,
      error: "invalid_registration",
      details: eventDetails(ctx, values),
    });
    return sendErrorPage(
      ctx.reply,
      ctx.realm,
      "Unexpected error when handling authentication request to identity provider.",
    );
  }
  if (steps.password && !(await beforeFederatedPassword(ctx.server, user, password)))
    setUserPassword(user, password, false);
  await ctx.server.db.write((tx) => tx.put("users", user));
  await recordEvent(ctx.server, ctx.realm, {
    type: "REGISTER",
    clientId: ctx.client.clientId,
    userId: user.id,
    ipAddress: ctx.req.ip,
    details: eventDetails(ctx, values),
  });
  setUser(ctx, user);
  return afterAuthentication(ctx);
}
