import { randomBytes } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import type { ServerContext } from "../../context.ts";
import type { MailedLink } from "./execute-actions-token.ts";
import { sendRealmMail } from "../../mail/realm-mail.ts";
import { recordEvent } from "../../events/record.ts";
import { frontendUrl } from "../../http/frontend-url.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../html.ts";
import { realmTitle, sendErrorPage } from "../error-page.ts";
import { readCookies } from "../sso-cookies.ts";
import { realmNumber } from "../lookup.ts";
import { requiredActionUrl, type LoginContext } from "./login-context.ts";
import type { RequiredActionHandler } from "./required-action-handlers.ts";

const ALIAS = "VERIFY_EMAIL";
/** Ties a verification link to the browser that asked for it, so only that browser continues the login. */
export const ACTION_BROWSER_COOKIE = "KC_ACTION_BROWSER";

/** The address a mailed action token opens: `/login-actions/action-token` with the token's key and parameters. */
export const actionTokenUrl = (frontend: string, realm: RealmRecord, query: URLSearchParams): string =>
  `${frontend}/realms/${encodeURIComponent(realm.realm)}/login-actions/action-token?${query}`;

/**
 * A new token the user asked for during a login (Keycloak's user-generated action token lifespan): its key, when it
 * expires and the link to mail, tied to the login's client and tab; `extra` adds parameters after those.
 */
export function loginActionToken(ctx: LoginContext, extra: Record<string, string> = {}) {
  const lifespan = realmNumber(ctx.realm, "actionTokenGeneratedByUserLifespan", 300);
  const key = randomBytes(24).toString("base64url");
  const query = new URLSearchParams({ key, client_id: ctx.client.clientId, tab_id: ctx.request.tabId, ...extra });
  const link = actionTokenUrl(frontendUrl(ctx.server, ctx.req), ctx.realm, query);
  return { key, lifespan, expires: Date.now() + lifespan * 1000, link };
}

export interface VerifyEmailToken {
  realmId: string;
  userId: string;
  email: string;
  tabId: string;
  clientId: string;
  browser: string;
  expires: number;
}

const tokens = new Map<string, VerifyEmailToken>();

/** The token of a verification link without using it up. */
export function peekVerifyEmailToken(key: string | undefined): VerifyEmailToken | undefined {
  return key ? tokens.get(key) : undefined;
}

/**
 * An administrator's verification link opened on its own: confirmed first ("Confirm validity of e-mail address"),
 * then the address is verified and the login ends on "Account updated", as in Keycloak.
 */
export function adminVerificationLink(
  server: ServerContext,
  realm: RealmRecord,
  key: string,
  token: VerifyEmailToken,
  ipAddress: string,
): MailedLink {
  return {
    ...token,
    actions: [],
    heading: "Email address validation",
    instruction: `Confirm validity of e-mail address ${escapeHtml(token.email)}.`,
    consume: () => tokens.delete(key),
    onProceed: async (user) => {
      const verified = {
        ...user,
        emailVerified: true,
        requiredActions: user.requiredActions.filter((a) => a !== ALIAS),
      };
      await server.db.write((tx) => tx.put("users", verified));
      await recordEvent(server, realm, {
        type: "VERIFY_EMAIL",
        clientId: token.clientId,
        userId: user.id,
        ipAddress,
        details: { email: token.email },
      });
    },
  };
}

/** The token of a verification link, once: expired or used links give undefined. */
export function takeVerifyEmailToken(key: string | undefined): VerifyEmailToken | undefined {
  const token = key ? tokens.get(key) : undefined;
  if (key) tokens.delete(key);
  return token && token.expires > Date.now() ? token : undefined;
}

/**
 * PUT /users/{id}/send-verify-email: Keycloak's verification mail sent by an administrator. Its link verifies the
 * address on its own (no login in progress), then shows "Your email address has been verified.".
 */
export async function mailVerifyEmailLink(
  frontend: string,
  realm: LoginContext["realm"],
  user: UserRecord,
  clientId: string,
  lifespan: number,
): Promise<void> {
  const key = randomBytes(24).toString("base64url");
  tokens.set(key, {
    realmId: realm.id,
    userId: user.id,
    email: user.email!,
    tabId: "",
    clientId,
    browser: "",
    expires: Date.now() + lifespan * 1000,
  });
  const link = actionTokenUrl(frontend, realm, new URLSearchParams({ key, client_id: clientId }));
  await sendRealmMail(realm, verificationMail(realmTitle(realm), user.email!, link, lifespanText(lifespan)));
}

function verificationMail(realmName: string, to: string, link: string, expiry: string) {
  return {
    to,
    subject: "Verify email",
    text: `Someone has created a ${realmName} account with this email address. If this was you, click the link below to verify your email address\n\n${link}\n\nThis link will expire within ${expiry}.\n\nIf you didn't create this account, just ignore this message.\n`,
    html: `<p>Someone has created a ${escapeHtml(realmName)} account with this email address. If this was you, click the link below to verify your email address</p><p><a href="${escapeHtml(link)}">Link to e-mail address verification</a></p><p>This link will expire within ${escapeHtml(expiry)}.</p><p>If you didn't create this account, just ignore this message.</p>`,
  };
}

export function lifespanText(given: number): string {
  const seconds = Math.max(0, given);
  if (seconds % 86_400 === 0) return `${seconds / 86_400} ${seconds === 86_400 ? "day" : "days"}`;
  if (seconds % 3600 === 0) return `${seconds / 3600} ${seconds === 3600 ? "hour" : "hours"}`;
  if (seconds % 60 === 0) return `${seconds / 60} ${seconds === 60 ? "minute" : "minutes"}`;
  return `${seconds} seconds`;
}

/** The browser's key for mailed links (a cookie set on first use), so only that browser continues its login. */
export function browserKey(ctx: LoginContext): string {
  const existing = readCookies(ctx.req).get(ACTION_BROWSER_COOKIE);
  if (existing && /^[\w-]{20,64}$/.test(existing)) return existing;
  const created = randomBytes(16).toString("base64url");
  const secure = frontendUrl(ctx.server, ctx.req).startsWith("https:") ? "; Secure" : "";
  ctx.reply.header(
    "set-cookie",
    `${ACTION_BROWSER_COOKIE}=${created}; Path=/realms/${encodeURIComponent(ctx.realm.realm)}/; HttpOnly; SameSite=Lax${secure}`,
  );
  return created;
}

async function sendVerification(ctx: LoginContext, user: UserRecord): Promise<void> {
  const { key, lifespan, expires, link } = loginActionToken(ctx);
  tokens.set(key, {
    realmId: ctx.realm.id,
    userId: user.id,
    email: user.email!,
    tabId: ctx.request.tabId,
    clientId: ctx.client.clientId,
    browser: browserKey(ctx),
    expires,
  });
  await sendRealmMail(ctx.realm, verificationMail(realmTitle(ctx.realm), user.email!, link, lifespanText(lifespan)));
  ctx.request.login.verificationSentTo = user.email;
  await recordEvent(ctx.server, ctx.realm, {
    type: "SEND_VERIFY_EMAIL",
    clientId: ctx.client.clientId,
    userId: user.id,
    ipAddress: ctx.req.ip,
    details: { email: user.email! },
  });
}

/** A login's mail that could not be sent: logged, SEND_VERIFY_EMAIL_ERROR recorded, Keycloak's 500 page. */
export async function mailFailure(
  ctx: LoginContext,
  userId: string,
  error: unknown,
  logMessage: string,
  details?: Record<string, string>,
): Promise<FastifyReply> {
  ctx.req.log.warn({ err: error }, logMessage);
  await recordEvent(ctx.server, ctx.realm, {
    type: "SEND_VERIFY_EMAIL_ERROR",
    clientId: ctx.client.clientId,
    userId,
    ipAddress: ctx.req.ip,
    error: "email_send_failed",
    ...(details ? { details } : {}),
  });
  return sendErrorPage(ctx.reply, ctx.realm, "Failed to send email, please try again later.", 500);
}

/** VERIFY_EMAIL: a link mailed through the realm's SMTP settings; following it verifies the address and goes on. */
export const verifyEmail: RequiredActionHandler = {
  async show(ctx, user): Promise<FastifyReply> {
    if (!user.email) return sendErrorPage(ctx.reply, ctx.realm, "Please specify email.");
    const resend = (ctx.req.query as Record<string, string | undefined>).resend === "true";
    if (resend || ctx.request.login.verificationSentTo !== user.email) {
      try {
        await sendVerification(ctx, user);
      } catch (error) {
        return mailFailure(ctx, user.id, error, "Failed to send verification email");
      }
    }
    const resendUrl = requiredActionUrl(ctx, ALIAS, { resend: "true" });
    const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Email verification</h1>
<p class="kc-info" id="kc-info-message">You need to verify your email address to activate your account.</p>
<p class="kc-info">An email with instructions to verify your email address has been sent to your address ${escapeHtml(user.email)}.</p>
<p class="kc-info">Haven't received a verification code in your email? <a id="kc-resend-email" href="${escapeHtml(resendUrl)}">Click here</a> to re-send the email.</p>`;
    return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage("Email verification", body));
  },
  async process(ctx, user) {
    return verifyEmail.show(ctx, user);
  },
};
