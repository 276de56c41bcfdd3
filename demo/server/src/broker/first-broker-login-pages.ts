import type { IdentityProviderRecord, UserRecord } from "../store/types.ts";
import { realmTitle } from "../oidc/error-page.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../oidc/html.ts";
import {
  profileFieldError,
  profileFields,
  profileInputs,
  type ProfileValues,
} from "../oidc/login/action-update-profile.ts";
import type { Form, LoginContext } from "../oidc/login/login-context.ts";
import {
  customProfileFields,
  customProfileInputs,
  validateCustomProfile,
} from "../oidc/login/profile-custom-fields.ts";

/** What the review page shows and the next steps use: the profile's own fields and its other attributes. */
export interface ReviewedProfile {
  values: ProfileValues;
  attributes: Record<string, string>;
}
export type ReviewErrors = Record<string, string>;

/** A step's form action: the first broker login endpoint, naming the execution that showed the page. */
export function stepUrl(ctx: LoginContext, alias: string, executionId: string): string {
  const query = new URLSearchParams({
    client_id: ctx.client.clientId,
    tab_id: ctx.request.tabId,
    execution: executionId,
  });
  return `/realms/${encodeURIComponent(ctx.realm.realm)}/broker/${encodeURIComponent(alias)}/first-broker-login?${query}`;
}

/** The profile's fields users may edit, the username among them unless the email is the username (as in Keycloak). */
const reviewFields = (ctx: LoginContext) => profileFields(ctx, ctx.realm.settings.registrationEmailAsUsername !== true);

/** The user profile's checks on the reviewed values (duplicates are a later step's business, as in Keycloak). */
export function reviewErrors(ctx: LoginContext, profile: ReviewedProfile): ReviewErrors {
  const errors: ReviewErrors = {};
  for (const field of reviewFields(ctx)) {
    const error = profileFieldError(ctx, field, profile.values[field.name] ?? "");
    if (error) errors[field.name] = error;
  }
  return { ...errors, ...validateCustomProfile(customProfileFields(ctx), profile.attributes).errors };
}

/** The review form's values as typed (trimmed). */
export function typedProfile(ctx: LoginContext, form: Form): ReviewedProfile {
  const values: ProfileValues = {};
  for (const { name } of reviewFields(ctx)) values[name] = (form[name] ?? "").trim();
  return { values, attributes: validateCustomProfile(customProfileFields(ctx), form).values };
}

/** Keycloak's "Update Account Information" page: the profile's fields, then every other attribute users edit. */
export function sendReviewPage(ctx: LoginContext, action: string, profile: ReviewedProfile, errors: ReviewErrors = {}) {
  const inputs = profileInputs(reviewFields(ctx), profile.values, errors);
  const custom = customProfileInputs(customProfileFields(ctx), profile.attributes, errors);
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Update Account Information</h1>
<p class="kc-info" id="kc-required-fields"><span class="kc-required" aria-hidden="true">*</span> Required fields</p>
<form id="kc-idp-review-profile-form" action="${escapeHtml(action)}" method="post" novalidate>
${inputs}${custom ? `\n${custom}` : ""}
<input type="submit" id="kc-submit" value="Submit">
</form>`;
  return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage("Update Account Information", body));
}

export function sendConfirmLinkPage(ctx: LoginContext, action: string, attribute: string, value: string) {
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Account already exists</h1>
<p class="kc-info" id="kc-confirm-link-message">${escapeHtml(`User with ${attribute} ${value} already exists. How do you want to continue?`)}</p>
<form id="kc-register-form" action="${escapeHtml(action)}" method="post">
<button type="submit" name="submitAction" id="updateProfile" value="updateProfile">Review profile</button>
<button type="submit" name="submitAction" id="linkAccount" value="linkAccount">Add to existing account</button>
</form>`;
  return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage("Account already exists", body));
}

export function sendReauthPage(
  ctx: LoginContext,
  action: string,
  user: UserRecord,
  idp: IdentityProviderRecord,
  error?: string,
) {
  const provider = idp.rep.displayName || idp.alias;
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Sign in to your account</h1>
<p class="kc-info" id="kc-reauth-message">${escapeHtml(`Authenticate to link your account with ${provider}`)}</p>
${error ? `<p class="kc-error" id="input-error" role="alert">${escapeHtml(error)}</p>` : ""}
<form id="kc-form-login" action="${escapeHtml(action)}" method="post" novalidate>
<label for="username">Username or email</label>
<input type="text" id="username" name="username" value="${escapeHtml(user.username)}" readonly autocomplete="username">
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" autofocus${error ? ` aria-invalid="true" aria-describedby="input-error"` : ""}>
<input type="submit" id="kc-login" value="Sign In">
</form>`;
  return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage("Sign in to your account", body));
}
