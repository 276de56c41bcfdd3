import { renderSVG } from "uqr";
import type { FastifyReply } from "fastify";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { recordEvent } from "../../events/record.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../html.ts";
import { realmTitle } from "../error-page.ts";
import { displayedKey, generateOtpSecret, otpAuthUri, otpCredential, otpPolicyOf, verifyOtp } from "./otp.ts";
import { requiredActionUrl, type LoginContext } from "./login-context.ts";
import type { RequiredActionHandler } from "./required-action-handlers.ts";

const ALIAS = "CONFIGURE_TOTP";
const APP_NAMES: Record<string, string> = {
  totpAppFreeOTPName: "FreeOTP",
  totpAppGoogleName: "Google Authenticator",
  totpAppMicrosoftAuthenticatorName: "Microsoft Authenticator",
};
const ALGORITHM_NAMES: Record<string, string> = { HmacSHA1: "SHA1", HmacSHA256: "SHA256", HmacSHA512: "SHA512" };

function supportedApps(realm: RealmRecord): string[] {
  const listed = realm.settings.otpSupportedApplications;
  const keys = Array.isArray(listed) && listed.length ? listed.map(String) : Object.keys(APP_NAMES);
  return keys.map((key) => APP_NAMES[key] ?? key);
}

function secretOf(ctx: LoginContext): string {
  ctx.request.login.otpSecret ??= generateOtpSecret();
  return ctx.request.login.otpSecret;
}

function sendPage(ctx: LoginContext, user: UserRecord, error?: { field: "totp" | "userLabel"; message: string }) {
  const policy = otpPolicyOf(ctx.realm);
  const secret = secretOf(ctx);
  const svg = renderSVG(otpAuthUri(ctx.realm, user.username, secret, policy), { border: 2 });
  const qr = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  const invalid = (field: string) =>
    error?.field === field ? ` aria-invalid="true" aria-describedby="input-error-otp"` : "";
  const errorSpan = (field: string) =>
    error?.field === field
      ? `\n<span id="input-error-otp" class="kc-error" aria-live="polite">${escapeHtml(error.message)}</span>`
      : "";
  const labelRequired = user.credentials.some((c) => c.type === "otp");
  // As Keycloak's page: the barcode first, the key behind "Unable to scan?" (mode=manual).
  const manual = (ctx.req.query as Record<string, string | undefined>).mode === "manual";
  const kind = policy.type === "totp" ? "Time-based" : "Counter-based";
  const last =
    policy.type === "totp" ? `<li>Interval: ${policy.period}</li>` : `<li>Counter: ${policy.initialCounter}</li>`;
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Mobile Authenticator Setup</h1>
<ol id="kc-totp-settings" class="kc-steps">
<li><p>Install one of the following applications on your mobile:</p>
<ul id="kc-totp-supported-apps">${supportedApps(ctx.realm)
    .map((app) => `<li>${escapeHtml(app)}</li>`)
    .join("")}</ul></li>
<li>${
    manual
      ? `<p>Open the application and enter the key:</p>
<p id="kc-totp-secret-key" class="kc-secret">${escapeHtml(displayedKey(secret))}</p>
<p>Use the following configuration values if the application allows setting them:</p>
<ul class="kc-otp-settings"><li>Type: ${kind}</li><li>Algorithm: ${ALGORITHM_NAMES[policy.algorithm] ?? policy.algorithm}</li><li>Digits: ${policy.digits}</li>${last}</ul>
<p><a href="${escapeHtml(requiredActionUrl(ctx, ALIAS, { mode: "qr" }))}" id="mode-barcode">Scan barcode?</a></p>`
      : `<p>Open the application and scan the barcode:</p>
<img id="kc-totp-secret-qr-code" class="kc-qr" src="${qr}" alt="Figure: Barcode" width="200" height="200">
<p><a href="${escapeHtml(requiredActionUrl(ctx, ALIAS, { mode: "manual" }))}" id="mode-manual">Unable to scan?</a></p>`
  }</li>
<li><p>Enter the one-time code provided by the application and click Submit to finish the setup.</p>
<p>Provide a Device Name to help you manage your OTP devices.</p></li>
</ol>
<form id="kc-totp-settings-form" action="${escapeHtml(requiredActionUrl(ctx, ALIAS))}" method="post" novalidate>
<label for="totp">One-time code <span class="kc-required" aria-hidden="true">*</span></label>
<input type="text" id="totp" name="totp" autocomplete="off" inputmode="numeric" required autofocus${invalid("totp")}>${errorSpan("totp")}
<label for="userLabel">Device Name${labelRequired ? ` <span class="kc-required" aria-hidden="true">*</span>` : ""}</label>
<input type="text" id="userLabel" name="userLabel" autocomplete="off"${labelRequired ? " required" : ""}${invalid("userLabel")}>${errorSpan("userLabel")}
<input type="submit" id="saveTOTPBtn" value="Submit">
</form>`;
  return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage("Mobile Authenticator Setup", body));
}

/** CONFIGURE_TOTP: a new random secret (QR code and key), confirmed with a code before the credential is stored. */
export const configureTotp: RequiredActionHandler = {
  credentialType: "otp",
  show: (ctx, user) => sendPage(ctx, user),
  async process(ctx, user, form): Promise<"done" | FastifyReply> {
    const code = (form.totp ?? "").trim();
    const label = (form.userLabel ?? "").trim();
    const policy = otpPolicyOf(ctx.realm);
    if (!code) return sendPage(ctx, user, { field: "totp", message: "Please specify authenticator code." });
    const secret = secretOf(ctx);
    const candidate = otpCredential(secret, policy, label || undefined, 0);
    if (!verifyOtp(candidate, code, policy))
      return sendPage(ctx, user, { field: "totp", message: "Invalid authenticator code." });
    if (!label && user.credentials.some((c) => c.type === "otp"))
      return sendPage(ctx, user, { field: "userLabel", message: "Please specify device name." });
    const fresh = ctx.server.db.get("users", user.id) ?? user;
    const priority = fresh.credentials.reduce((max, c) => Math.max(max, c.priority), 0) + 10;
    const stored = { ...candidate, priority };
    await ctx.server.db.write((tx) => tx.put("users", { ...fresh, credentials: [...fresh.credentials, stored] }));
    ctx.request.login.otpSecret = undefined;
    ctx.request.login.usedCredentials.push("otp");
    for (const type of ["UPDATE_TOTP", "UPDATE_CREDENTIAL"])
      await recordEvent(ctx.server, ctx.realm, {
        type,
        clientId: ctx.client.clientId,
        userId: user.id,
        ipAddress: ctx.req.ip,
        details: { custom_required_action: ALIAS, credential_type: configureTotp.credentialType! },
      });
    return "done";
  },
};
