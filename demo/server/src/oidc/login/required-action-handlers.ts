import type { FastifyReply } from "fastify";
import type { UserRecord } from "../../store/types.ts";
import { enabledRequiredActions } from "./required-action-list.ts";
import { FlowFailure, type Form, type LoginContext } from "./login-context.ts";
import { updatePassword } from "./action-update-password.ts";
import { configureTotp } from "./action-configure-totp.ts";
import { updateProfile } from "./action-update-profile.ts";
import { verifyEmail } from "./action-verify-email.ts";
import { termsAndConditions } from "./action-terms.ts";
import { verifyProfile } from "./action-verify-profile.ts";
import { updateEmail } from "./action-update-email.ts";
import { configureRecoveryCodes } from "./action-configure-recovery-codes.ts";

export interface RequiredActionHandler {
  show(ctx: LoginContext, user: UserRecord, error?: string): FastifyReply | Promise<FastifyReply>;
  /** The action's form posted: "done" when the action is complete, else the page it answered with. */
  process(ctx: LoginContext, user: UserRecord, form: Form): Promise<"done" | FastifyReply>;
  /** The credential the action sets: named on its own events and on the LOGIN event after it. */
  credentialType?: string;
}

const HANDLERS: Record<string, RequiredActionHandler> = {
  UPDATE_PASSWORD: updatePassword,
  CONFIGURE_TOTP: configureTotp,
  UPDATE_PROFILE: updateProfile,
  VERIFY_EMAIL: verifyEmail,
  TERMS_AND_CONDITIONS: termsAndConditions,
  VERIFY_PROFILE: verifyProfile,
  UPDATE_EMAIL: updateEmail,
  CONFIGURE_RECOVERY_AUTHN_CODES: configureRecoveryCodes,
};

/** The credential a required action sets (undefined for one that sets none). */
export const requiredActionCredentialType = (alias: string): string | undefined => HANDLERS[alias]?.credentialType;

/**
 * The first required action the user owes (stored on the user or added by this login) among the realm's enabled
 * ones, in their priority order. One this server cannot run ends the login on an error page naming it.
 */
export function nextRequiredAction(
  ctx: LoginContext,
  user: UserRecord,
): { alias: string; handler: RequiredActionHandler } | undefined {
  const owed = new Set([...user.requiredActions, ...ctx.request.login.sessionActions]);
  for (const action of enabledRequiredActions(ctx)) {
    if (!owed.has(action.alias)) continue;
    const handler = HANDLERS[action.alias];
    if (!handler)
      throw new FlowFailure(
        `The required action "${action.name}" (${action.alias}) is not supported by this server, so the login cannot go on. An administrator can remove it from the user or disable it.`,
      );
    return { alias: action.alias, handler };
  }
  return undefined;
}

/** Marks an action done: off the user and off this login's list. */
export async function completeRequiredAction(ctx: LoginContext, user: UserRecord, alias: string): Promise<void> {
  ctx.request.login.sessionActions = ctx.request.login.sessionActions.filter((a) => a !== alias);
  if (!user.requiredActions.includes(alias)) return;
  const fresh = ctx.server.db.get("users", user.id) ?? user;
  const updated = { ...fresh, requiredActions: fresh.requiredActions.filter((a) => a !== alias) };
  await ctx.server.db.write((tx) => tx.put("users", updated));
}
