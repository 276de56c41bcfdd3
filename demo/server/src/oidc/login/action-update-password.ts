import type { UserRecord } from "../../store/types.ts";
import { setUserPassword } from "../../access/passwords.ts";
import { checkPasswordPolicyOf, PasswordPolicyError, rememberCurrentPassword } from "../../access/password-policy.ts";
import { recordEvent } from "../../events/record.ts";
import { sendUpdatePasswordPage } from "../update-password-page.ts";
import { requiredActionUrl } from "./login-context.ts";
import { cancelButton } from "./initiated-action.ts";
import type { RequiredActionHandler } from "./required-action-handlers.ts";

const ALIAS = "UPDATE_PASSWORD";

/** UPDATE_PASSWORD: a new password, checked against the realm's password policy. */
export const updatePassword: RequiredActionHandler = {
  credentialType: "password",
  show: (ctx, user, error) =>
    sendUpdatePasswordPage(ctx.reply, ctx.realm, requiredActionUrl(ctx, ALIAS), error, cancelButton(ctx, user, ALIAS)),
  async process(ctx, user, form) {
    const password = form["password-new"] ?? "";
    const page = (error: string) =>
      sendUpdatePasswordPage(
        ctx.reply,
        ctx.realm,
        requiredActionUrl(ctx, ALIAS),
        error,
        cancelButton(ctx, user, ALIAS),
      );
    if (!password) return page("Please specify password.");
    if (password !== form["password-confirm"]) return page("Passwords don't match.");
    try {
      await checkPasswordPolicyOf(ctx.realm, user, password);
    } catch (error) {
      if (error instanceof PasswordPolicyError) return page(error.message);
      throw error;
    }
    const updated: UserRecord = {
      ...user,
      credentials: [...user.credentials],
      requiredActions: [...user.requiredActions],
    };
    rememberCurrentPassword(ctx.realm, updated);
    setUserPassword(updated, password, false);
    await ctx.server.db.write((tx) => tx.put("users", updated));
    const details = { custom_required_action: ALIAS, credential_type: updatePassword.credentialType! };
    for (const type of ["UPDATE_PASSWORD", "UPDATE_CREDENTIAL"])
      await recordEvent(ctx.server, ctx.realm, {
        type,
        clientId: ctx.client.clientId,
        userId: user.id,
        ipAddress: ctx.req.ip,
        details,
      });
    return "done";
  },
};
