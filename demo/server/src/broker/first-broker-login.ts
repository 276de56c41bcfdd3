import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerContext } from "../context.ts";
import type { IdentityProviderRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { findIdentityProvider } from "../admin/identity-providers/lookup.ts";
import { findAttribute, readUpConfig } from "../admin/users/profile-config.ts";
import { attributeErrors } from "../admin/users/profile-validation.ts";
import { verifyUserPassword } from "../access/passwords.ts";
import { clearLoginFailures, isLockedOut, recordLoginFailure } from "../access/brute-force.ts";
import { newId, now } from "../common/ids.ts";
import { recordEvent } from "../events/record.ts";
import { realmTitle, sendErrorPage } from "../oidc/error-page.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../oidc/html.ts";
import { isContext, loginContextOf } from "../oidc/login-action.ts";
import { afterAuthentication } from "../oidc/login/after-authentication.ts";
import { loginErrorText } from "../oidc/login/profile-error-texts.ts";
import { setUser, type Form, type LoginContext } from "../oidc/login/login-context.ts";
import { userByEmail, userByUsername } from "../oidc/lookup.ts";
import { federatedLink, rolesForNewUser } from "./stored-tokens.ts";
import { applyMappers, MODEL_USERNAME_CLAIM, type Claims } from "./mappers.ts";

type Field = "username" | "email" | "firstName" | "lastName";
type Values = Partial<Record<Field, string>>;

/** Login-theme texts (messages_en.properties). */
const LABELS: Record<Field, string> = {
  username: "Username",
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
};
const MISSING: Record<Field, string> = {
  username: "Please specify username.",
  email: "Please specify email.",
  firstName: "Please specify first name.",
  lastName: "Please specify last name.",
};
const EMAIL = /^[^\s@]+@([^\s@.]+\.)+[^\s@.]{2,}$|^[^\s@]+@\[[0-9.:a-fA-F]+\]$/;

/** A first broker login waiting for the browser (Keycloak keeps it in the authentication session). */
interface Pending {
  alias: string;
  subject: string;
  brokerUsername: string;
  claims: Claims;
  values: Values;
  existingUserId?: string;
  /** The provider's token response, stored on the link when the provider stores tokens. */
  token?: string;
}
const pending = new Map<string, Pending>();
const keyOf = (ctx: LoginContext) => `${ctx.realm.id}/${ctx.request.tabId}`;

function actionUrl(ctx: LoginContext, alias: string, step: string): string {
  const query = new URLSearchParams({ client_id: ctx.client.clientId, tab_id: ctx.request.tabId, step });
  return `/realms/${encodeURIComponent(ctx.realm.realm)}/broker/${encodeURIComponent(alias)}/first-broker-login?${query}`;
}

/** update.profile.on.first.login of the idp-review-profile step in the provider's first login flow ("missing" by default). */
export function reviewProfileMode(server: ServerContext, realm: RealmRecord, idp: IdentityProviderRecord): string {
  const settings = realm.settings as Record<string, unknown>;
  const flowAlias =
    idp.rep.firstBrokerLoginFlowAlias ||
    (typeof settings.firstBrokerLoginFlow === "string" ? settings.firstBrokerLoginFlow : "first broker login");
  const flow = server.db.list("authFlows", realm.id).find((f) => f.alias === flowAlias);
  const execution = flow?.executions.find((e) => e.authenticator === "idp-review-profile");
  if (!flow) return "missing";
  if (!execution || execution.requirement === "DISABLED") return "off";
  const config = execution.authenticatorConfig
    ? server.db.list("authenticatorConfigs", realm.id).find((c) => c.alias === execution.authenticatorConfig)
    : undefined;
  return config?.config["update.profile.on.first.login"] ?? "missing";
}

function fieldsOf(ctx: LoginContext): { name: Field; required: boolean }[] {
  const config = readUpConfig(ctx.server, ctx.realm);
  const emailAsUsername = ctx.realm.settings.registrationEmailAsUsername === true;
  const names: Field[] = [...(emailAsUsername ? [] : (["username"] as const)), "email", "firstName", "lastName"];
  return names
    .map((name) => ({ name, attribute: findAttribute(config, name) }))
    .filter(({ name, attribute }) => name === "username" || attribute)
    .map(({ name, attribute }) => ({
      name,
      required:
        name === "username" ||
        (attribute?.required?.roles ?? []).includes("user") ||
        (name === "email" && emailAsUsername),
    }));
}

/** The user profile's checks on the reviewed values (duplicates are the next step's business, as in Keycloak). */
function validate(ctx: LoginContext, values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const config = readUpConfig(ctx.server, ctx.realm);
  for (const { name, required } of fieldsOf(ctx)) {
    const value = values[name] ?? "";
    if (!value) {
      if (required) errors[name] = MISSING[name];
      continue;
    }
    const attribute = findAttribute(config, name);
    const invalid = attribute ? attributeErrors(attribute, [value])[0] : undefined;
    if (invalid) errors[name] = loginErrorText(invalid);
    else if (value.length > 255) errors[name] = "Please specify this field with at most 255 characters.";
    else if (name === "email" && !EMAIL.test(value)) errors.email = "Invalid email address.";
  }
  return errors;
}

function sendReviewPage(ctx: LoginContext, state: Pending, errors: Partial<Record<Field, string>> = {}) {
  const inputs = fieldsOf(ctx)
    .map(({ name, required }) => {
      const error = errors[name];
      const described = error ? ` aria-invalid="true" aria-describedby="input-error-${name}"` : "";
      return `<label for="${name}">${LABELS[name]}${required ? ` <span class="kc-required" aria-hidden="true">*</span>` : ""}</label>
<input type="${name === "email" ? "email" : "text"}" id="${name}" name="${name}" value="${escapeHtml(state.values[name] ?? "")}" autocomplete="${
        name === "firstName" ? "given-name" : name === "lastName" ? "family-name" : name
      }"${required ? " required" : ""}${described}>${
        error ? `\n<span id="input-error-${name}" class="kc-error" aria-live="polite">${escapeHtml(error)}</span>` : ""
      }`;
    })
    .join("\n");
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Update Account Information</h1>
<form id="kc-idp-review-profile-form" action="${escapeHtml(actionUrl(ctx, state.alias, "review"))}" method="post" novalidate>
${inputs}
<input type="submit" id="kc-submit" value="Submit">
</form>`;
  return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage("Update Account Information", body));
}

function sendConfirmLinkPage(ctx: LoginContext, state: Pending, attribute: string, value: string) {
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Account already exists</h1>
<p class="kc-info" id="kc-confirm-link-message">${escapeHtml(`User with ${attribute} ${value} already exists. How do you want to continue?`)}</p>
<form id="kc-register-form" action="${escapeHtml(actionUrl(ctx, state.alias, "confirm"))}" method="post">
<button type="submit" name="submitAction" id="updateProfile" value="updateProfile">Review profile</button>
<button type="submit" name="submitAction" id="linkAccount" value="linkAccount">Add to existing account</button>
</form>`;
  return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage("Account already exists", body));
}

function sendReauthPage(
  ctx: LoginContext,
  state: Pending,
  user: UserRecord,
  idp: IdentityProviderRecord,
  error?: string,
) {
  const provider = idp.rep.displayName || idp.alias;
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Sign in to your account</h1>
<p class="kc-info" id="kc-reauth-message">${escapeHtml(`Authenticate to link your account with ${provider}`)}</p>
${error ? `<p class="kc-error" id="input-error" role="alert">${escapeHtml(error)}</p>` : ""}
<form id="kc-form-login" action="${escapeHtml(actionUrl(ctx, state.alias, "reauth"))}" method="post" novalidate>
<label for="username">Username or email</label>
<input type="text" id="username" name="username" value="${escapeHtml(user.username)}" readonly autocomplete="username">
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" autofocus${error ? ` aria-invalid="true" aria-describedby="input-error"` : ""}>
<input type="submit" id="kc-login" value="Sign In">
</form>`;
  return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage("Sign in to your account", body));
}

async function recordBrokerEvent(
  ctx: LoginContext,
  idp: IdentityProviderRecord,
  state: Pending,
  type: string,
  userId: string,
) {
  await recordEvent(ctx.server, ctx.realm, {
    type,
    clientId: ctx.client.clientId,
    userId,
    ipAddress: ctx.req.ip,
    details: {
      identity_provider: idp.alias,
      identity_provider_identity: state.brokerUsername,
      redirect_uri: ctx.request.redirectUri,
    },
  });
}

/** idp-create-user-if-unique: a new linked user, or the confirm-link page when the username or email is taken. */
async function createUserIfUnique(ctx: LoginContext, idp: IdentityProviderRecord, state: Pending) {
  const { db } = ctx.server;
  const emailAsUsername = ctx.realm.settings.registrationEmailAsUsername === true;
  const email = state.values.email?.toLowerCase() || undefined;
  const username = ((emailAsUsername ? email : state.values.username) || state.subject).toLowerCase();
  const byEmail =
    email && ctx.realm.settings.duplicateEmailsAllowed !== true ? userByEmail(db, ctx.realm, email) : undefined;
  const existing = byEmail ?? userByUsername(db, ctx.realm, username);
  if (existing) {
    state.existingUserId = existing.id;
    return byEmail
      ? sendConfirmLinkPage(ctx, state, "email", email!)
      : sendConfirmLinkPage(ctx, state, "username", username);
  }
  const created: UserRecord = {
    id: newId(),
    realmId: ctx.realm.id,
    username,
    email,
    firstName: state.values.firstName || undefined,
    lastName: state.values.lastName || undefined,
    enabled: true,
    emailVerified:
      idp.rep.trustEmail === true &&
      state.claims.email_verified === true &&
      email === String(state.claims.email ?? "").toLowerCase(),
    attributes: {},
    requiredActions: [],
    createdTimestamp: now(),
    notBefore: 0,
    credentials: [],
    groupIds: [],
    roleIds: rolesForNewUser(ctx.server, ctx.realm, idp),
    federatedIdentities: [federatedLink(idp, state.subject, state.brokerUsername, state.token)],
    consents: [],
  };
  const user = applyMappers(ctx.server, ctx.realm, idp, created, state.claims, true);
  await db.write((tx) => tx.put("users", user));
  pending.delete(keyOf(ctx));
  await recordBrokerEvent(ctx, idp, state, "IDENTITY_PROVIDER_FIRST_LOGIN", user.id);
  setUser(ctx, user);
  return afterAuthentication(ctx);
}

/** Reviewed values from the form, as typed (trimmed). */
function typedValues(ctx: LoginContext, form: Form): Values {
  const values: Values = {};
  for (const { name } of fieldsOf(ctx)) values[name] = (form[name] ?? "").trim();
  return values;
}

/**
 * First broker login (Keycloak's default flow): review profile per the flow's config, create the user if unique,
 * otherwise confirm the link and re-authenticate with the existing account's password, then link.
 */
export async function startFirstBrokerLogin(
  ctx: LoginContext,
  idp: IdentityProviderRecord,
  claims: Claims,
  token?: string,
): Promise<FastifyReply> {
  const subject = String(claims.sub ?? "");
  const brokerUsername = String(claims.preferred_username ?? claims.email ?? subject);
  const state: Pending = {
    alias: idp.alias,
    subject,
    brokerUsername,
    claims,
    token,
    values: {
      username: String(claims[MODEL_USERNAME_CLAIM] ?? brokerUsername).toLowerCase(),
      email: typeof claims.email === "string" ? claims.email : "",
      firstName: typeof claims.given_name === "string" ? claims.given_name : "",
      lastName: typeof claims.family_name === "string" ? claims.family_name : "",
    },
  };
  pending.set(keyOf(ctx), state);
  const mode = reviewProfileMode(ctx.server, ctx.realm, idp);
  const review = mode === "on" || (mode === "missing" && Object.keys(validate(ctx, state.values)).length > 0);
  return review ? sendReviewPage(ctx, state) : createUserIfUnique(ctx, idp, state);
}

export async function registerFirstBrokerLogin(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post<{ Params: { realm: string; alias: string }; Querystring: Record<string, string | undefined> }>(
    "/realms/:realm/broker/:alias/first-broker-login",
    async (req, reply) => {
      const ctx = loginContextOf(server, req, reply, req.params.realm, req.query.tab_id);
      if (!isContext(ctx)) return ctx;
      const state = pending.get(keyOf(ctx));
      const idp = findIdentityProvider(server, ctx.realm, req.params.alias);
      if (!state || !idp || state.alias !== idp.alias)
        return sendErrorPage(reply, ctx.realm, "Your login attempt timed out. Login will start from the beginning.");
      const form = (req.body ?? {}) as Form;
      const step = req.query.step;
      if (step === "review") {
        state.values = typedValues(ctx, form);
        state.existingUserId = undefined;
        const errors = validate(ctx, state.values);
        if (Object.keys(errors).length) return sendReviewPage(ctx, state, errors);
        return createUserIfUnique(ctx, idp, state);
      }
      const existing = state.existingUserId ? server.db.get("users", state.existingUserId) : undefined;
      if (!existing || existing.realmId !== ctx.realm.id)
        return sendErrorPage(reply, ctx.realm, "Your login attempt timed out. Login will start from the beginning.");
      if (step === "confirm") {
        if (form.submitAction === "updateProfile") return sendReviewPage(ctx, state);
        return sendReauthPage(ctx, state, existing, idp);
      }
      if (step === "reauth") {
        if (!existing.enabled)
          return sendReauthPage(ctx, state, existing, idp, "Account is disabled, contact your administrator.");
        if (isLockedOut(server, ctx.realm, existing) || !(await verifyUserPassword(existing, form.password ?? ""))) {
          await recordLoginFailure(server, ctx.realm, existing, req.ip);
          return sendReauthPage(ctx, state, existing, idp, "Invalid password.");
        }
        await clearLoginFailures(server, ctx.realm, existing);
        const linked: UserRecord = {
          ...existing,
          federatedIdentities: [
            ...existing.federatedIdentities.filter((f) => f.identityProvider !== idp.alias),
            federatedLink(idp, state.subject, state.brokerUsername, state.token),
          ],
        };
        const user = applyMappers(server, ctx.realm, idp, linked, state.claims, false);
        await server.db.write((tx) => tx.put("users", user));
        pending.delete(keyOf(ctx));
        await recordBrokerEvent(ctx, idp, state, "IDENTITY_PROVIDER_LINK_ACCOUNT", user.id);
        await recordBrokerEvent(ctx, idp, state, "IDENTITY_PROVIDER_FIRST_LOGIN", user.id);
        setUser(ctx, user);
        ctx.request.login.usedCredentials.push("password");
        return afterAuthentication(ctx);
      }
      return sendErrorPage(reply, ctx.realm, "Invalid Request");
    },
  );
}
