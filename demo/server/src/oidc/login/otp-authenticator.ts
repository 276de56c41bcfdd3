import type { AuthExecutionRecord, CredentialRecord, UserRecord } from "../../store/types.ts";
import { isLockedOut, recordLoginFailure } from "../../access/brute-force.ts";
import { otpPolicyOf, verifyOtp } from "./otp.ts";
import { sendOtpPage } from "./otp-page.ts";
import { loginError } from "./login-events.ts";
import { tryAnotherWayForm } from "./try-another-way.ts";
import {
  challenge,
  currentUser,
  executionUrl,
  success,
  type Authenticator,
  type LoginContext,
  type Outcome,
} from "./login-context.ts";

const INVALID_CODE = "Invalid authenticator code.";

const otpCredentials = (user: UserRecord): CredentialRecord[] =>
  user.credentials.filter((c) => c.type === "otp").sort((a, b) => a.priority - b.priority);

function page(ctx: LoginContext, execution: AuthExecutionRecord, selectedId?: string, error?: string): Outcome {
  const user = currentUser(ctx)!;
  return challenge(() =>
    sendOtpPage(ctx.reply, ctx.realm, {
      actionUrl: executionUrl(ctx, execution.id),
      credentials: otpCredentials(user),
      selectedId,
      error,
      footer: tryAnotherWayForm(ctx, execution),
    }),
  );
}

/** auth-otp-form: a TOTP or HOTP code of the user's chosen OTP credential, checked with the realm's OTP policy. */
export const otpForm: Authenticator = {
  requiresUser: true,
  setupAction: "CONFIGURE_TOTP",
  configuredFor: (_ctx, user) => otpCredentials(user).length > 0,
  authenticate: (ctx, execution) => page(ctx, execution),
  async action(ctx, execution, form) {
    const user = currentUser(ctx)!;
    const credentials = otpCredentials(user);
    const credential = credentials.find((c) => c.id === form.selectedCredentialId) ?? credentials[0];
    if (!credential) return page(ctx, execution, undefined, INVALID_CODE);
    if (isLockedOut(ctx.server, ctx.realm, user)) {
      await loginError(ctx, "user_temporarily_disabled", user.username, user.id);
      return page(ctx, execution, credential.id, INVALID_CODE);
    }
    const checked = { ...credential };
    if (!verifyOtp(checked, (form.otp ?? "").trim(), otpPolicyOf(ctx.realm))) {
      await recordLoginFailure(ctx.server, ctx.realm, user, ctx.req.ip);
      await loginError(ctx, "invalid_user_credentials", user.username, user.id);
      return page(ctx, execution, credential.id, INVALID_CODE);
    }
    if (checked.credentialData !== credential.credentialData) {
      const updated = { ...user, credentials: user.credentials.map((c) => (c.id === checked.id ? checked : c)) };
      await ctx.server.db.write((tx) => tx.put("users", updated));
    }
    ctx.request.login.usedCredentials.push("otp");
    return success;
  },
};
