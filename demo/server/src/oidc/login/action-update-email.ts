import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { sendRealmMail } from "../../mail/realm-mail.ts";
import { recordEvent } from "../../events/record.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../html.ts";
import { realmTitle, sendErrorPage, sendInfoPage } from "../error-page.ts";
import { currentUser, requiredActionUrl, type Form, type LoginContext } from "./login-context.ts";
import { cancelButton } from "./initiated-action.ts";
import { lifespanText, loginActionToken, mailFailure } from "./action-verify-email.ts";
import { profileFieldError, profileInputs } from "./action-update-profile.ts";
import { userIdsByEmail } from "../../admin/users/username-index.ts";
import { sessionIdsOfUser } from "../../access/session-index.ts";
import { endSessions } from "../../access/sessions.ts";
import type { RequiredActionHandler } from "./required-action-handlers.ts";

const ALIAS = "UPDATE_EMAIL";
const TITLE = "Update email";
/** Keycloak 26.7.3's text for an empty email here: the email validator's and the required check's, joined. */
const MISSING = "Please specify email. Please specify this field.";

interface UpdateEmailToken {
  realmId: string;
  userId: string;
  oldEmail: string | undefined;
  newEmail: string;
  clientId: string;
  logoutSessions: boolean;
  expires: number;
}
/** Mailed confirmation links (keys prefixed so the action-token route knows them). */
const tokens = new Map<string, UpdateEmailToken>();
const KEY_PREFIX = "ue.";
export const isUpdateEmailKey = (key: string) => key.startsWith(KEY_PREFIX);

/** Whether the realm has the Update email action switched on (Keycloak's UpdateEmail.isEnabled). */
export function updateEmailEnabled(server: ServerContext, realm: RealmRecord): boolean {
  return server.db.list("requiredActions", realm.id).some((a) => a.alias === ALIAS && a.enabled);
}

/** Keycloak confirms by mail when the realm verifies email, or the action's "Force Email Verification" says so. */
function verifiesEmail(ctx: LoginContext): boolean {
  const action = ctx.server.db.list("requiredActions", ctx.realm.id).find((a) => a.alias === ALIAS);
  return action?.config.verifyEmail === "true" || ctx.realm.settings.verifyEmail === true;
}

/** Email templates name a realm without a display name by its name, capitalised. */
const mailRealmName = (realm: RealmRecord) =>
  realm.displayName || realm.realm.charAt(0).toUpperCase() + realm.realm.slice(1);

/** The attribute Keycloak keeps the address a confirmation was mailed to in, until its link is followed. */
const PENDING = "kc.email.pending";
/** When each user was last mailed a confirmation (Keycloak's resend cooldown is per user). */
const lastSent = new Map<string, number>();

interface PageState {
  email: string;
  fieldError?: string;
  error?: string;
  notice?: string;
}

function sendPage(ctx: LoginContext, { email, fieldError, error, notice }: PageState): FastifyReply {
  const input = profileInputs([{ name: "email", required: true }], { email }, fieldError ? { email: fieldError } : {});
  const user = currentUser(ctx);
  const cancel = user ? cancelButton(ctx, user, ALIAS) : "";
  const message = error
    ? `\n<p class="kc-error" id="kc-error-message" role="alert">${escapeHtml(error)}</p>`
    : notice
      ? `\n<p class="kc-info" id="kc-info-message">${escapeHtml(notice)}</p>`
      : "";
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">${TITLE}</h1>${message}
<form id="kc-update-email-form" action="${escapeHtml(requiredActionUrl(ctx, ALIAS))}" method="post" novalidate>
${input}
<label class="kc-remember" for="logout-sessions"><input type="checkbox" id="logout-sessions" name="logout-sessions" value="on"> Sign out from other devices</label>
<input type="submit" id="kc-submit" value="Submit">${cancel}
</form>`;
  return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage(TITLE, body));
}

/** Keycloak's message for the new email, if it cannot be used (the user profile's checks, then uniqueness). */
function emailError(ctx: LoginContext, user: UserRecord, email: string): string | undefined {
  if (!email) return MISSING;
  const invalid = profileFieldError(ctx, { name: "email", required: true }, email);
  if (invalid) return invalid;
  if (ctx.realm.settings.duplicateEmailsAllowed === true) return undefined;
  return userIdsByEmail(ctx.server.db, ctx.realm.id, email).some((id) => id !== user.id)
    ? "Email already exists."
    : undefined;
}

/** Sets the new email and records Keycloak's UPDATE_EMAIL event (previous_email, updated_email). */
async function applyEmail(
  server: ServerContext,
  realm: RealmRecord,
  user: UserRecord,
  email: string,
  verified: boolean,
  event: { clientId: string; ipAddress: string; details?: Record<string, string> },
): Promise<void> {
  const fresh = server.db.get("users", user.id) ?? user;
  const { [PENDING]: _pending, ...attributes } = fresh.attributes;
  const updated: UserRecord = {
    ...fresh,
    attributes,
    email,
    emailVerified: verified,
    requiredActions: fresh.requiredActions.filter((a) => a !== ALIAS && (!verified || a !== "VERIFY_EMAIL")),
  };
  if (realm.settings.registrationEmailAsUsername === true) updated.username = email;
  await server.db.write((tx) => tx.put("users", updated));
  await recordEvent(server, realm, {
    type: "UPDATE_EMAIL",
    clientId: event.clientId,
    userId: user.id,
    ipAddress: event.ipAddress,
    details: {
      ...event.details,
      ...(fresh.email ? { previous_email: fresh.email } : {}),
      updated_email: email,
    },
  });
}

/** "Sign out from other devices": the user's sessions end, but the one this login continues (Keycloak's logoutOtherSessions). */
async function endOtherSessions(server: ServerContext, realm: RealmRecord, userId: string, keep?: string) {
  const others = sessionIdsOfUser(server.db, realm.id, userId).flatMap((id) => {
    const session = server.db.get("userSessions", id);
    return session && !session.offline && session.id !== keep ? [session] : [];
  });
  await endSessions(server, others);
}

/** Mails the confirmation link to the new address and answers Keycloak's "Confirmation email sent" page. */
async function sendConfirmation(
  ctx: LoginContext,
  user: UserRecord,
  email: string,
  logoutSessions: boolean,
): Promise<FastifyReply> {
  const action = ctx.server.db.list("requiredActions", ctx.realm.id).find((a) => a.alias === ALIAS);
  const cooldown = Number(action?.config.emailResendCooldownSeconds ?? 30) * 1000;
  const wait = (lastSent.get(user.id) ?? 0) + cooldown - Date.now();
  if (wait > 0)
    return sendPage(ctx, {
      email,
      error: `You must wait ${Math.ceil(wait / 1000)} seconds before resending the verification email.`,
    });
  const { key, lifespan, expires, link } = loginActionToken(ctx);
  const prefixed = `${KEY_PREFIX}${key}`;
  const mailedLink = link.replace(`key=${key}`, `key=${prefixed}`);
  const realmName = mailRealmName(ctx.realm);
  const expiry = lifespanText(lifespan);
  try {
    await sendRealmMail(ctx.realm, {
      to: email,
      subject: "Verify new email",
      text: `To update your ${realmName} account with email address ${email}, click the link below\n\n${mailedLink}\n\nThis link will expire within ${expiry}.\n\nIf you don't want to proceed with this modification, just ignore this message.\n`,
      html: `<p>To update your ${escapeHtml(realmName)} account with email address ${escapeHtml(email)}, click the link below</p><p><a href="${escapeHtml(mailedLink)}">${escapeHtml(mailedLink)}</a></p><p>This link will expire within ${escapeHtml(expiry)}.</p><p>If you don't want to proceed with this modification, just ignore this message.</p>`,
    });
  } catch (error) {
    return mailFailure(ctx, user.id, error, "Failed to send email for email update", { email });
  }
  lastSent.set(user.id, Date.now());
  const fresh = ctx.server.db.get("users", user.id) ?? user;
  const withPending: UserRecord = { ...fresh, attributes: { ...fresh.attributes, [PENDING]: [email] } };
  await ctx.server.db.write((tx) => tx.put("users", withPending));
  tokens.set(prefixed, {
    realmId: ctx.realm.id,
    userId: user.id,
    oldEmail: user.email,
    newEmail: email,
    clientId: ctx.client.clientId,
    logoutSessions,
    expires,
  });
  await recordEvent(ctx.server, ctx.realm, {
    type: "SEND_VERIFY_EMAIL",
    clientId: ctx.client.clientId,
    userId: user.id,
    ipAddress: ctx.req.ip,
    details: { custom_required_action: ALIAS, email },
  });
  return sendInfoPage(
    ctx.reply,
    ctx.realm,
    "Confirmation email sent",
    `A confirmation email has been sent to ${email}. You must follow the instructions of the former to complete the email update.`,
  );
}

/** A followed confirmation link: the new email is set and verified, then Keycloak's "Email updated" page. */
export async function followUpdateEmailLink(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  key: string,
): Promise<FastifyReply> {
  const token = tokens.get(key);
  tokens.delete(key);
  const user = token && token.realmId === realm.id ? server.db.get("users", token.userId) : undefined;
  if (!token || token.expires <= Date.now() || !user) return sendErrorPage(reply, realm, "Action expired.");
  if (user.email !== token.oldEmail) return sendErrorPage(reply, realm, "The link is not valid anymore.");
  await applyEmail(server, realm, user, token.newEmail, true, { clientId: token.clientId, ipAddress: req.ip });
  if (token.logoutSessions) await endOtherSessions(server, realm, user.id);
  return sendInfoPage(
    reply,
    realm,
    "Email updated",
    `The account email has been successfully updated to ${token.newEmail}.`,
  );
}

/** UPDATE_EMAIL: the Update email page; the new address is set at once, or confirmed by mail when the realm verifies email. */
export const updateEmail: RequiredActionHandler = {
  show(ctx, user) {
    const pending = user.attributes[PENDING]?.[0];
    return sendPage(ctx, {
      email: pending ?? user.email ?? "",
      notice: pending
        ? `A verification email was sent to ${pending}. You can submit without changes to resend the verification email, or enter a different email address.`
        : "You need to update your email address to activate your account.",
    });
  },
  async process(ctx, user, form: Form) {
    const email = (form.email ?? "").trim().toLowerCase();
    const fieldError = emailError(ctx, user, email);
    if (fieldError) return sendPage(ctx, { email: form.email ?? "", fieldError });
    const logoutSessions = form["logout-sessions"] === "on";
    if (!verifiesEmail(ctx) || (email === user.email && user.emailVerified)) {
      if (logoutSessions) await endOtherSessions(ctx.server, ctx.realm, user.id, ctx.request.login.ssoSessionId);
      await applyEmail(ctx.server, ctx.realm, user, email, user.emailVerified && email === user.email, {
        clientId: ctx.client.clientId,
        ipAddress: ctx.req.ip,
        details: { custom_required_action: ALIAS },
      });
      return "done";
    }
    return sendConfirmation(ctx, user, email, logoutSessions);
  },
};
