import { randomBytes } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { sendRealmMail } from "../../mail/realm-mail.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../html.ts";
import { realmTitle, sendErrorPage } from "../error-page.ts";
import { findAuthRequest, saveAuthRequest } from "../auth-requests.ts";
import { realmNumber } from "../lookup.ts";
import { actionTokenUrl, lifespanText } from "./action-verify-email.ts";

/** Keycloak's ExecuteActionsActionToken: what an administrator's "update your account" mail asks the user to do. */
interface ExecuteActionsToken {
  realmId: string;
  userId: string;
  email: string;
  actions: string[];
  clientId: string;
  redirectUri?: string;
  expires: number;
}

const tokens = new Map<string, ExecuteActionsToken>();

/** Keycloak's English names of the required actions (`requiredAction.*` of its email and login messages). */
const ACTION_NAMES: Record<string, string> = {
  UPDATE_PASSWORD: "Update Password",
  CONFIGURE_TOTP: "Configure OTP",
  UPDATE_PROFILE: "Update Profile",
  VERIFY_EMAIL: "Verify Email",
  TERMS_AND_CONDITIONS: "Terms and Conditions",
  CONFIGURE_RECOVERY_AUTHN_CODES: "Recovery Authentication Codes",
  "webauthn-register": "Webauthn Register",
  "webauthn-register-passwordless": "Webauthn Register Passwordless",
  delete_account: "Delete Account",
  update_user_locale: "Update User Locale",
};

export const actionName = (server: ServerContext, realm: RealmRecord, alias: string): string =>
  ACTION_NAMES[alias] ?? server.db.list("requiredActions", realm.id).find((a) => a.alias === alias)?.name ?? alias;

/** PUT /users/{id}/execute-actions-email: mails the link that runs `actions` for the user, through the realm's SMTP. */
export async function mailExecuteActionsLink(
  server: ServerContext,
  frontend: string,
  realm: RealmRecord,
  user: UserRecord,
  request: { actions: string[]; clientId: string; redirectUri?: string; lifespan: number },
): Promise<void> {
  const key = randomBytes(24).toString("base64url");
  const link = actionTokenUrl(frontend, realm, new URLSearchParams({ key }));
  const names = request.actions.map((a) => actionName(server, realm, a)).join(", ");
  const expiry = lifespanText(request.lifespan);
  const title = realmTitle(realm);
  await sendRealmMail(realm, {
    to: user.email!,
    subject: "Update Your Account",
    text: `Your administrator has just requested that you update your ${title} account by performing the following action(s): ${names}. Click on the link below to start this process.\n\n${link}\n\nThis link will expire within ${expiry}.\n\nIf you are unaware that your administrator has requested this, just ignore this message and nothing will be changed.\n`,
    html: `<p>Your administrator has just requested that you update your ${escapeHtml(title)} account by performing the following action(s): ${escapeHtml(names)}. Click on the link below to start this process.</p><p><a href="${escapeHtml(link)}">Link to account update</a></p><p>This link will expire within ${escapeHtml(expiry)}.</p><p>If you are unaware that your administrator has requested this, just ignore this message and nothing will be changed.</p>`,
  });
  tokens.set(key, {
    realmId: realm.id,
    userId: user.id,
    email: user.email!,
    actions: request.actions,
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    expires: Date.now() + request.lifespan * 1000,
  });
}

export function isExecuteActionsKey(key: string | undefined): boolean {
  return !!key && tokens.has(key);
}

/** A mailed link's token as the confirm-then-run step sees it. */
export interface MailedLink {
  realmId: string;
  userId: string;
  email: string;
  clientId: string;
  redirectUri?: string;
  expires: number;
  /** Required actions the login runs after the link is confirmed. */
  actions: string[];
  /** The confirmation page's heading and instruction (HTML-escaped here). */
  heading: string;
  instruction: string;
  /** What following the link itself proves, done when the user proceeds (before the actions). */
  onProceed(user: UserRecord): Promise<void>;
  /** Uses the token up. */
  consume(): void;
}

/**
 * Keycloak's action-token links opened outside a login: the first visit confirms (so a mail scanner fetching the
 * link changes nothing) and opens a login for the user; "Click here to proceed" carries its tab, uses the token up
 * and runs the actions, ending on "Account updated" rather than signing in to the client.
 */
export async function confirmThenRun(
  server: ServerContext,
  reply: FastifyReply,
  realm: RealmRecord,
  key: string,
  link: MailedLink | undefined,
  tabId: string | undefined,
  runActions: (tabId: string) => Promise<unknown>,
): Promise<unknown> {
  const user = link && link.realmId === realm.id ? server.db.get("users", link.userId) : undefined;
  if (!link || !user || link.expires < Date.now()) {
    link?.consume();
    return sendErrorPage(reply, realm, "Action expired. Please start again.");
  }
  if (user.email !== link.email) return sendErrorPage(reply, realm, "Invalid email address.");
  if (!user.enabled) return sendErrorPage(reply, realm, "Account is disabled, contact your administrator.");
  const pending = findAuthRequest(tabId, realm.id);
  if (pending && pending.authenticatedUserId === user.id && pending.login.endAfterRequiredActions) {
    link.consume();
    await link.onProceed(user);
    return runActions(pending.tabId);
  }
  const lifespan = realmNumber(realm, "accessCodeLifespanUserAction", 300);
  const request = saveAuthRequest(
    {
      realmId: realm.id,
      clientId: link.clientId,
      redirectUri: link.redirectUri ?? "",
      responseMode: "query",
      scope: "openid",
      authenticatedUserId: user.id,
    },
    lifespan,
  );
  request.login.sessionActions = [...link.actions];
  request.login.endAfterRequiredActions = true;
  request.login.pageRedirectUri = link.redirectUri;
  const proceed = `/realms/${encodeURIComponent(realm.realm)}/login-actions/action-token?${new URLSearchParams({ key, client_id: link.clientId, tab_id: request.tabId })}`;
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(realm))}</p>
<h1 id="kc-page-title">${escapeHtml(link.heading)}</h1>
<div id="kc-info-message"><p class="kc-info">${link.instruction}</p>
<p><a id="kc-proceed" href="${escapeHtml(proceed)}">» Click here to proceed</a></p></div>`;
  return reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(realmTitle(realm), body));
}

/** The execute-actions mail's link: its actions run after the confirmation; following it verifies the address. */
export function followExecuteActionsLink(
  server: ServerContext,
  reply: FastifyReply,
  realm: RealmRecord,
  key: string,
  tabId: string | undefined,
  runActions: (tabId: string) => Promise<unknown>,
): Promise<unknown> {
  const token = tokens.get(key);
  const names = token ? token.actions.map((a) => actionName(server, realm, a)).join(", ") : "";
  const link: MailedLink | undefined = token && {
    ...token,
    heading: "Perform the following action(s)",
    instruction: `Perform the following action(s): <b>${escapeHtml(names)}</b>`,
    consume: () => tokens.delete(key),
    // The link proves the user reads this address (Keycloak's ExecuteActionsActionTokenHandler does the same).
    onProceed: async (user) => {
      if (!user.emailVerified) await server.db.write((tx) => tx.put("users", { ...user, emailVerified: true }));
    },
  };
  return confirmThenRun(server, reply, realm, key, link, tabId, runActions);
}

/** After the last action of an execute-actions link: Keycloak's info page, with a way back when a redirect was given. */
export function sendAccountUpdated(reply: FastifyReply, realm: RealmRecord, pageRedirectUri: string | undefined) {
  const back = pageRedirectUri
    ? `\n<p><a id="kc-back-to-application" href="${escapeHtml(pageRedirectUri)}">« Back to Application</a></p>`
    : "";
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(realm))}</p>
<h1 id="kc-page-title">Account updated</h1>
<div id="kc-info-message"><p class="kc-info">Your account has been updated.</p>${back}</div>`;
  return reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(realmTitle(realm), body));
}
