import type { FastifyReply } from "fastify";
import type { UserRecord } from "../../store/types.ts";
import { recordEvent } from "../../events/record.ts";
import { endSessions } from "../../access/sessions.ts";
import { now } from "../../common/ids.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../html.ts";
import { realmTitle } from "../error-page.ts";
import {
  displayedCode,
  generateRecoveryCodes,
  RECOVERY_CODES_TYPE,
  recoveryCodesCredential,
} from "./recovery-codes.ts";
import { requiredActionUrl, type LoginContext } from "./login-context.ts";
import type { RequiredActionHandler } from "./required-action-handlers.ts";

const ALIAS = "CONFIGURE_RECOVERY_AUTHN_CODES";
export const RECOVERY_CODES_SCRIPT_PATH = "/resources/login/recovery-codes.js";
const TITLE = "Recovery Authentication Codes";
const DEFAULT_LABEL = "Recovery codes";

/** The codes this login shows until they are saved (Keycloak keeps them in the authentication session's notes). */
function generated(ctx: LoginContext): { codes: string[]; at: number } {
  ctx.request.login.recoveryCodes ??= { codes: generateRecoveryCodes(), at: now() };
  return ctx.request.login.recoveryCodes;
}

function sendPage(ctx: LoginContext) {
  const { codes, at } = generated(ctx);
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">${TITLE}</h1>
<p class="kc-info" id="kc-info-message">You need to set up Backup Codes to activate your account.</p>
<div class="kc-warning" aria-label="Warning alert">
<h2 class="kc-warning-title">These recovery codes won't appear again after leaving this page</h2>
<p>Make sure to print, download, or copy them to a password manager and keep them safe. Canceling this setup will remove these recovery codes from your account.</p>
</div>
<ol id="kc-recovery-codes-list" class="kc-recovery-codes">${codes.map((code) => `<li>${displayedCode(code)}</li>`).join("")}</ol>
<div class="kc-recovery-codes-actions">
<button type="button" id="printRecoveryCodes" class="kc-link-button">Print</button>
<button type="button" id="downloadRecoveryCodes" class="kc-link-button">Download</button>
<button type="button" id="copyRecoveryCodes" class="kc-link-button">Copy</button>
</div>
<label class="kc-remember" for="kcRecoveryCodesConfirmationCheck"><input type="checkbox" id="kcRecoveryCodesConfirmationCheck" name="kcRecoveryCodesConfirmationCheck"> I have saved these codes somewhere safe</label>
<form id="kc-recovery-codes-settings-form" action="${escapeHtml(requiredActionUrl(ctx, ALIAS))}" method="post">
<input type="hidden" name="generatedRecoveryAuthnCodes" value="${codes.join(",")}">
<input type="hidden" name="generatedAt" value="${at}">
<input type="hidden" id="userLabel" name="userLabel" value="${DEFAULT_LABEL}">
<label class="kc-remember" for="logout-sessions"><input type="checkbox" id="logout-sessions" name="logout-sessions" value="on"> Sign out from other devices</label>
<input type="submit" id="saveRecoveryAuthnCodesBtn" value="Complete setup" disabled>
</form>
<script src="${RECOVERY_CODES_SCRIPT_PATH}"></script>`;
  return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage(TITLE, body));
}

/**
 * CONFIGURE_RECOVERY_AUTHN_CODES: 12 new codes shown once; "Complete setup" stores them (hashed) as the user's only
 * `recovery-authn-codes` credential. A post whose codes are not the ones this login showed gets the page again.
 */
export const configureRecoveryCodes: RequiredActionHandler = {
  credentialType: RECOVERY_CODES_TYPE,
  show: (ctx) => sendPage(ctx),
  async process(ctx, user, form): Promise<"done" | FastifyReply> {
    const shown = generated(ctx);
    if (form.generatedRecoveryAuthnCodes !== shown.codes.join(",") || form.generatedAt !== String(shown.at))
      return sendPage(ctx);
    ctx.request.login.recoveryCodes = undefined;
    const fresh: UserRecord = ctx.server.db.get("users", user.id) ?? user;
    const others = fresh.credentials.filter((c) => c.type !== RECOVERY_CODES_TYPE);
    const priority = fresh.credentials.reduce((max, c) => Math.max(max, c.priority), 0) + 10;
    const label = (form.userLabel ?? "").trim() || undefined;
    const credential = recoveryCodesCredential(shown.codes, shown.at, label, priority);
    await ctx.server.db.write((tx) => tx.put("users", { ...fresh, credentials: [...others, credential] }));
    if (form["logout-sessions"] === "on") {
      const sessions = ctx.server.db
        .list("userSessions", ctx.realm.id)
        .filter((s) => s.userId === user.id && !s.offline && s.id !== ctx.request.login.ssoSessionId);
      await endSessions(ctx.server, sessions);
    }
    await recordEvent(ctx.server, ctx.realm, {
      type: "UPDATE_CREDENTIAL",
      clientId: ctx.client.clientId,
      userId: user.id,
      ipAddress: ctx.req.ip,
      details: {
        credential_type: configureRecoveryCodes.credentialType!,
        auth_method: "openid-connect",
        custom_required_action: ALIAS,
        response_type: "code",
        redirect_uri: ctx.request.redirectUri,
        remember_me: String(ctx.request.rememberMe === true),
        response_mode: ctx.request.responseMode,
        username: user.username,
      },
    });
    return "done";
  },
};

/** The page's buttons: the checkbox enables "Complete setup"; copy, download and print the listed codes. */
export const RECOVERY_CODES_SCRIPT = `(function () {
  var check = document.getElementById("kcRecoveryCodesConfirmationCheck");
  var save = document.getElementById("saveRecoveryAuthnCodesBtn");
  check.addEventListener("change", function () { save.disabled = !check.checked; });
  function codes() {
    return Array.prototype.map.call(document.querySelectorAll("#kc-recovery-codes-list li"), function (li, i) {
      return (i + 1) + ": " + li.textContent;
    });
  }
  function stamp() {
    return new Date().toLocaleString("en-US", { month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "numeric", timeZoneName: "short" });
  }
  var header = "Keep these recovery codes somewhere safe.";
  var description = "Recovery codes are single-use passcodes that allow you to sign in to your account if you do not have access to your authenticator.";
  var dated = "These codes were generated on";
  document.getElementById("copyRecoveryCodes").addEventListener("click", function () {
    if (navigator.clipboard) navigator.clipboard.writeText(codes().join("\\n") + "\\n");
  });
  document.getElementById("downloadRecoveryCodes").addEventListener("click", function () {
    var text = header + "\\n\\n" + codes().join("\\r\\n") + "\\r\\n\\n" + description + "\\n\\n" + dated + " " + stamp();
    var link = document.createElement("a");
    link.href = "data:text/plain;charset=utf-8," + encodeURIComponent(text);
    link.download = "kc-download-recovery-codes.txt";
    document.body.appendChild(link);
    link.click();
    link.remove();
  });
  document.getElementById("printRecoveryCodes").addEventListener("click", function () {
    var w = window.open();
    if (!w) return;
    var doc = w.document;
    doc.title = "kc-download-recovery-codes";
    [header].concat(codes(), [description, dated + " " + stamp()]).forEach(function (line) {
      var p = doc.createElement("p");
      p.textContent = line;
      doc.body.appendChild(p);
    });
    w.print();
    w.close();
  });
})();
`;
