import type { FastifyReply } from "fastify";
import type { CredentialRecord, RealmRecord } from "../../store/types.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../html.ts";
import { realmTitle } from "../error-page.ts";

export interface OtpPageState {
  actionUrl: string;
  credentials: CredentialRecord[];
  selectedId?: string;
  error?: string;
  /** Extra forms under the step's form (Try Another Way). */
  footer?: string;
}

/** The OTP form of the login theme (login-otp): one-time code, a device choice when the user has several. */
export function sendOtpPage(reply: FastifyReply, realm: RealmRecord, state: OtpPageState) {
  const invalid = state.error ? ` aria-invalid="true" aria-describedby="input-error-otp-code"` : "";
  const selected = state.selectedId ?? state.credentials[0]?.id;
  const devices =
    state.credentials.length > 1
      ? `\n<fieldset class="kc-devices"><legend>Device</legend>${state.credentials
          .map(
            (c, i) =>
              `\n<label class="kc-device" for="kc-otp-credential-${i}"><input type="radio" id="kc-otp-credential-${i}" name="selectedCredentialId" value="${escapeHtml(c.id)}"${
                c.id === selected ? " checked" : ""
              }> ${escapeHtml(c.userLabel || "OTP")}</label>`,
          )
          .join("")}\n</fieldset>`
      : `\n<input type="hidden" name="selectedCredentialId" value="${escapeHtml(selected ?? "")}">`;
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(realm))}</p>
<h1 id="kc-page-title">Sign in to your account</h1>
<form id="kc-otp-login-form" action="${escapeHtml(state.actionUrl)}" method="post" novalidate>${devices}
<label for="otp">One-time code</label>
<input type="text" id="otp" name="otp" autocomplete="one-time-code" inputmode="numeric" autofocus${invalid}>${
    state.error
      ? `\n<span id="input-error-otp-code" class="kc-error" aria-live="polite">${escapeHtml(state.error)}</span>`
      : ""
  }
<input type="submit" id="kc-login" name="login" value="Sign In">
</form>${state.footer ?? ""}`;
  return reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(`Sign in to ${realmTitle(realm)}`, body));
}
