import type { FastifyReply } from "fastify";
import type { RealmRecord } from "../store/types.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "./html.ts";
import { realmTitle } from "./error-page.ts";

/** The UPDATE_PASSWORD required-action form of the login theme. */
export function sendUpdatePasswordPage(
  reply: FastifyReply,
  realm: RealmRecord,
  actionUrl: string,
  error?: string,
  cancel = "",
) {
  const invalid = error ? ` aria-invalid="true" aria-describedby="input-error-password"` : "";
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(realm))}</p>
<h1 id="kc-page-title">Update password</h1>
<p class="kc-info" id="kc-info-message">You need to change your password to activate your account.</p>
<form id="kc-passwd-update-form" action="${escapeHtml(actionUrl)}" method="post" novalidate>
<label for="password-new">New Password</label>
<input type="password" id="password-new" name="password-new" autocomplete="new-password" autofocus${invalid}>
<label for="password-confirm">Confirm password</label>
<input type="password" id="password-confirm" name="password-confirm" autocomplete="new-password"${invalid}>${
    error ? `\n<span id="input-error-password" class="kc-error" aria-live="polite">${escapeHtml(error)}</span>` : ""
  }
<input type="submit" id="kc-submit" value="Submit">${cancel}
</form>`;
  return reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage(`Update password`, body));
}
