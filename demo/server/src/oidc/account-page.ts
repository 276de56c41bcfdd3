import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerContext } from "../context.ts";
import type { RealmRecord, UserRecord } from "../store/types.ts";
import { realmByName } from "./lookup.ts";
import { realmTitle, sendErrorPage } from "./error-page.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "./html.ts";
import { ssoSessionFromCookie } from "./sso-cookies.ts";
import { frontendUrl } from "../http/frontend-url.ts";

/** The client Keycloak's account console signs in with. */
export const ACCOUNT_CONSOLE_CLIENT = "account-console";

const realmPath = (realm: RealmRecord) => `/realms/${encodeURIComponent(realm.realm)}`;

/** The account console's address, as Keycloak's impersonation answers it. */
export const accountUrl = (baseUrl: string, realm: RealmRecord) => `${baseUrl}${realmPath(realm)}/account`;

/** Where the account console asks to come back to: inside its client's redirect URIs (/realms/{realm}/account/*). */
const accountRedirectUri = (baseUrl: string, realm: RealmRecord) => `${accountUrl(baseUrl, realm)}/`;

/**
 * The authorization request the account console makes for a visitor without
 * an SSO session: code flow for account-console with PKCE S256, as that client
 * requires. Signing in sets the SSO cookies this page reads; the page does not
 * redeem the code, so the verifier is not kept.
 */
function signInUrl(baseUrl: string, realm: RealmRecord): string {
  const challenge = createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url");
  const query = new URLSearchParams({
    client_id: ACCOUNT_CONSOLE_CLIENT,
    redirect_uri: accountRedirectUri(baseUrl, realm),
    response_type: "code",
    scope: "openid",
    state: randomUUID(),
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  return `${baseUrl}${realmPath(realm)}/protocol/openid-connect/auth?${query}`;
}

/** The realm's logout endpoint, coming back to the account page (which then asks for a sign-in). */
function signOutUrl(baseUrl: string, realm: RealmRecord): string {
  const query = new URLSearchParams({
    client_id: ACCOUNT_CONSOLE_CLIENT,
    post_logout_redirect_uri: accountRedirectUri(baseUrl, realm),
  });
  return `${realmPath(realm)}/protocol/openid-connect/logout?${query}`;
}

function sendAccountPage(baseUrl: string, reply: FastifyReply, realm: RealmRecord, user: UserRecord) {
  // Read-only fields with the ids and labels of Keycloak's account console.
  const field = (id: string, label: string, value: string | undefined) =>
    `<label for="${id}">${label}</label>\n<input type="text" id="${id}" name="${id}" value="${escapeHtml(value ?? "")}" readonly>`;
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(realm))}</p>
<h1 id="kc-page-title">Personal info</h1>
<form class="kc-account" id="kc-account-info">
${field("username", "Username", user.username)}
${field("email", "Email", user.email)}
${field("firstName", "First name", user.firstName)}
${field("lastName", "Last name", user.lastName)}
</form>
<a class="kc-button" id="signOutButton" href="${escapeHtml(signOutUrl(baseUrl, realm))}">Sign out</a>`;
  return reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(`Account Management - ${realmTitle(realm)}`, body));
}

/**
 * GET /realms/{realm}/account: who is signed in through the browser's SSO
 * session, with a sign-out link; without a session, a redirect to sign in as
 * the account console would.
 */
export async function registerAccountPage(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get<{ Params: { realm: string } }>("/realms/:realm/account", async (req, reply) => {
    const realm = realmByName(server.db, req.params.realm);
    if (!realm) return sendErrorPage(reply, undefined, "Realm does not exist", 404);
    if (!realm.enabled) return sendErrorPage(reply, realm, "Realm not enabled");
    const sso = await ssoSessionFromCookie(server, realm, req);
    const baseUrl = frontendUrl(server, req);
    if (!sso)
      return reply.status(302).header("cache-control", "no-store").header("location", signInUrl(baseUrl, realm)).send();
    return sendAccountPage(baseUrl, reply, realm, sso.user);
  });
}
