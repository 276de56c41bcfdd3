import type { FastifyReply } from "fastify";
import type { RealmRecord } from "../store/types.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "./html.ts";
import { realmTitle } from "./error-page.ts";

export interface LoginPageState {
  actionUrl: string;
  username?: string;
  error?: string;
  /** `both`: the username/password form; `username`: the username form; `password`: the password form of a known user. */
  mode?: "both" | "username" | "password";
  /** The password form's link that starts the login again with another user. */
  restartUrl?: string;
  /** Identity providers offered below the form (Keycloak's social buttons). */
  providers?: { alias: string; displayName: string; url: string }[];
}

/** The username/password forms of the browser flow, with the login theme's element ids. */
export function sendLoginPage(reply: FastifyReply, realm: RealmRecord, state: LoginPageState) {
  const mode = state.mode ?? "both";
  const usernameLabel = realm.settings.loginWithEmailAllowed === false ? "Username" : "Username or email";
  const invalid = state.error ? ` aria-invalid="true" aria-describedby="input-error"` : "";
  const rememberMe =
    realm.settings.rememberMe === true && mode !== "password"
      ? `\n<label class="kc-remember" for="rememberMe"><input type="checkbox" id="rememberMe" name="rememberMe" value="on"> Remember me</label>`
      : "";
  // Keycloak's login theme links its registration page when the realm allows registration.
  const registration =
    realm.settings.registrationAllowed === true && mode !== "password"
      ? `\n<div id="kc-registration"><span>New user? <a href="${escapeHtml(registrationUrl(state.actionUrl))}">Register</a></span></div>`
      : "";
  const usernameField =
    mode === "password"
      ? `<p class="kc-attempted-username" id="kc-attempted-username">${escapeHtml(state.username ?? "")}${
          state.restartUrl ? ` <a id="reset-login" href="${escapeHtml(state.restartUrl)}">Restart login</a>` : ""
        }</p>`
      : `<label for="username">${usernameLabel}</label>
<input type="text" id="username" name="username" value="${escapeHtml(state.username ?? "")}" autocomplete="username" autofocus${invalid}>`;
  const passwordField =
    mode === "username"
      ? ""
      : `\n<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password"${mode === "password" ? " autofocus" : ""}${invalid}>`;
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(realm))}</p>
<h1 id="kc-page-title">Sign in to your account</h1>
<form id="kc-form-login" action="${escapeHtml(state.actionUrl)}" method="post" novalidate>
${usernameField}${passwordField}${
    state.error ? `\n<span id="input-error" class="kc-error" aria-live="polite">${escapeHtml(state.error)}</span>` : ""
  }${rememberMe}
<input type="hidden" id="id-hidden-input" name="credentialId">
<input type="submit" id="kc-login" name="login" value="Sign In">
</form>${providerList(state)}${registration}`;
  return reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(`Sign in to ${realmTitle(realm)}`, body));
}

/** The login action's address with Keycloak's registration path instead of the authenticate one (same client and tab). */
function registrationUrl(actionUrl: string): string {
  return actionUrl.replace("/login-actions/authenticate", "/login-actions/registration");
}

/** "Or sign in with" and a link per identity provider, with the login theme's ids (`social-{alias}`). */
function providerList(state: LoginPageState): string {
  if (!state.providers?.length || state.mode === "password") return "";
  const items = state.providers
    .map(
      (p) =>
        `<li><a id="social-${escapeHtml(p.alias)}" class="kc-social-link" href="${escapeHtml(p.url)}">${escapeHtml(p.displayName)}</a></li>`,
    )
    .join("\n");
  return `\n<div id="kc-social-providers"><h2>Or sign in with</h2>\n<ul>\n${items}\n</ul></div>`;
}
