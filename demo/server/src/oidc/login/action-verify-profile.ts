import { recordEvent } from "../../events/record.ts";
import { profileValues, saveProfileForm, sendProfilePage } from "./action-update-profile.ts";
import { profileProblems, VERIFY_PROFILE } from "./profile-completeness.ts";
import type { RequiredActionHandler } from "./required-action-handlers.ts";

/** VERIFY_PROFILE: the Update Account Information page opened with what the profile lacks already marked. */
export const verifyProfile: RequiredActionHandler = {
  async show(ctx, user) {
    const problems = profileProblems(ctx, user);
    await recordEvent(ctx.server, ctx.realm, {
      type: VERIFY_PROFILE,
      clientId: ctx.client.clientId,
      userId: user.id,
      ipAddress: ctx.req.ip,
      details: {
        auth_method: "openid-connect",
        redirect_uri: ctx.request.redirectUri,
        username: user.username,
        fields_to_update: Object.keys(problems).join(","),
      },
    });
    return sendProfilePage(ctx, VERIFY_PROFILE, profileValues(user), problems);
  },
  process: (ctx, user, form) => saveProfileForm(ctx, user, form, VERIFY_PROFILE),
};
