import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { IdentityProviderRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { sendRealmMail } from "../mail/realm-mail.ts";
import { recordEvent } from "../events/record.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../oidc/html.ts";
import { realmTitle, sendErrorPage, sendInfoPage } from "../oidc/error-page.ts";
import { readCookies } from "../oidc/sso-cookies.ts";
import { isContext, loginContextOf } from "../oidc/login-action.ts";
import {
  ACTION_BROWSER_COOKIE,
  browserKey,
  lifespanText,
  loginActionToken,
} from "../oidc/login/action-verify-email.ts";
import type { LoginContext } from "../oidc/login/login-context.ts";
import { loginCodeId } from "../oidc/auth-requests.ts";

/** Keycloak's IdpVerifyAccountLinkActionToken: the link mailed to the existing account to confirm the linking. */
interface IdpLinkToken {
  realmId: string;
  userId: string;
  email: string;
  alias: string;
  brokerUsername: string;
  clientId: string;
  tabId: string;
  browser: string;
  expires: number;
}

const tokens = new Map<string, IdpLinkToken>();

export const isIdpLinkKey = (key: string | undefined): boolean => !!key && tokens.has(key);

/** The provider's name in the mail and on the page: its display name, else its alias capitalized (as Keycloak). */
export const idpDisplayName = (idp: IdentityProviderRecord): string =>
  (typeof idp.rep.displayName === "string" && idp.rep.displayName.trim()) ||
  idp.alias.charAt(0).toUpperCase() + idp.alias.slice(1);

/** Keycloak's email theme: `identityProviderLinkSubject` and `identityProviderLinkBody(Html)`. */
function linkMail(
  to: string,
  provider: string,
  realmName: string,
  brokerUsername: string,
  link: string,
  expiry: string,
) {
  const ignore = `If you didn't initiate this process or don't want to link account, just ignore this message. If you link accounts, you will be able to login to ${realmName} through ${provider}.`;
  const [p, r, u] = [provider, realmName, brokerUsername].map(escapeHtml);
  return {
    to,
    subject: `Link ${provider}`,
    text: `Someone wants to link your "${realmName}" account with "${provider}" account of user ${brokerUsername} . If this was you, click the link below to link accounts\n\n${link}\n\nThis link will expire within ${expiry}.\n\n${ignore}\n`,
    html: `<p>Someone wants to link your <b>${r}</b> account with <b>${p}</b> account of user ${u}. If this was you, click the link below to link accounts</p><p><a href="${escapeHtml(link)}">Link to confirm account linking</a></p><p>This link will expire within ${escapeHtml(expiry)}.</p><p>${escapeHtml(ignore)}</p>`,
  };
}

/** Mails the link to the existing account and records SEND_IDENTITY_PROVIDER_LINK (or its error, then throws). */
export async function mailIdpLink(
  ctx: LoginContext,
  idp: IdentityProviderRecord,
  user: UserRecord,
  brokerUsername: string,
  executionId: string,
): Promise<void> {
  const { key, lifespan, expires, link } = loginActionToken(ctx, { execution: executionId });
  const event = {
    clientId: ctx.client.clientId,
    userId: user.id,
    ipAddress: ctx.req.ip,
    details: {
      username: user.username,
      email: user.email ?? "",
      identity_provider: idp.alias,
      identity_provider_identity: brokerUsername,
      code_id: loginCodeId(ctx.request),
    },
  };
  try {
    const content = linkMail(
      user.email!,
      idpDisplayName(idp),
      realmTitle(ctx.realm),
      brokerUsername,
      link,
      lifespanText(lifespan),
    );
    await sendRealmMail(ctx.realm, content);
  } catch (error) {
    await recordEvent(ctx.server, ctx.realm, {
      type: "SEND_IDENTITY_PROVIDER_LINK_ERROR",
      error: "email_send_failed",
      ...event,
    });
    throw error;
  }
  tokens.set(key, {
    realmId: ctx.realm.id,
    userId: user.id,
    email: user.email!,
    alias: idp.alias,
    brokerUsername,
    clientId: ctx.client.clientId,
    tabId: ctx.request.tabId,
    browser: browserKey(ctx),
    expires,
  });
  await recordEvent(ctx.server, ctx.realm, { type: "SEND_IDENTITY_PROVIDER_LINK", ...event });
}

/** Keycloak's login-idp-link-email page: sent, with links to re-send or to go on after verifying elsewhere. */
export function sendLinkMailPage(
  ctx: LoginContext,
  actionUrl: string,
  idp: IdentityProviderRecord,
  brokerUsername: string,
) {
  const provider = escapeHtml(idpDisplayName(idp));
  const again = escapeHtml(actionUrl);
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Link ${provider}</h1>
<p id="instruction1" class="instruction">An email with instructions to link ${provider} account ${escapeHtml(brokerUsername)} with your ${escapeHtml(realmTitle(ctx.realm))} account has been sent to you.</p>
<p id="instruction2" class="instruction">Haven't received a verification code in your email? <a href="${again}">Click here</a> to re-send the email.</p>
<p id="instruction3" class="instruction">If you already verified the email in a different browser <a href="${again}">Click here</a> to continue.</p>`;
  return ctx.reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(`Link ${idpDisplayName(idp)}`, body));
}

/**
 * The mailed link. In the browser of the login it confirms the link and the first broker login goes on; in another
 * browser it asks first (a mail scanner's fetch changes nothing), then tells the user to continue in the first one.
 * Either way the address counts as verified and IDENTITY_PROVIDER_LINK_ACCOUNT is recorded, as Keycloak does.
 */
export async function followIdpLinkMail(
  server: ServerContext,
  req: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
  reply: FastifyReply,
  realm: RealmRecord,
  key: string,
  confirmLink: (tabId: string, brokerUsername: string) => boolean,
  continueLogin: (ctx: LoginContext) => unknown,
): Promise<unknown> {
  const token = tokens.get(key);
  const user = token && token.realmId === realm.id ? server.db.get("users", token.userId) : undefined;
  if (!token || !user || token.expires < Date.now()) {
    tokens.delete(key);
    return sendErrorPage(reply, realm, "Action expired. Please start again.");
  }
  if (user.email !== token.email)
    return sendErrorPage(reply, realm, "The link is not valid for the current email address.");
  const sameBrowser = readCookies(req).get(ACTION_BROWSER_COOKIE) === token.browser;
  if (!sameBrowser && req.query.confirm !== "true") {
    const proceed = `${req.url}${req.url.includes("?") ? "&" : "?"}confirm=true`;
    const [account, provider] = [token.brokerUsername, token.alias].map(escapeHtml);
    const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(realm))}</p>
<h1 id="kc-page-title">Confirm linking the account ${account} of identity provider ${provider} with your account.</h1>
<div id="kc-info-message"><p class="kc-info">If you link the account, you will also be able to login using account ${account} of the identity provider ${provider}. Do not proceed if you did not initiate this process or you do not want to link the account.</p>
<p><a id="kc-proceed" href="${escapeHtml(proceed)}">» Click here to proceed</a></p></div>`;
    return reply
      .status(200)
      .headers(HTML_SECURITY_HEADERS)
      .send(themePage(realmTitle(realm), body));
  }
  tokens.delete(key);
  if (!user.emailVerified) await server.db.write((tx) => tx.put("users", { ...user, emailVerified: true }));
  await recordEvent(server, realm, {
    type: "IDENTITY_PROVIDER_LINK_ACCOUNT",
    clientId: token.clientId,
    userId: user.id,
    ipAddress: req.ip,
    details: {
      email: user.email ?? "",
      identity_provider: token.alias,
      identity_provider_identity: token.brokerUsername,
    },
  });
  const waiting = confirmLink(token.tabId, token.brokerUsername);
  if (sameBrowser && waiting) {
    const ctx = loginContextOf(server, req, reply, realm.realm, token.tabId);
    if (isContext(ctx)) return continueLogin(ctx);
  }
  return sendInfoPage(
    reply,
    realm,
    "You successfully verified your email. Please go back to your original browser and continue there with the login.",
  );
}
