import type { FastifyReply } from "fastify";
import type { AuthExecutionRecord } from "../../store/types.ts";
import { isLockedOut, recordLoginFailure } from "../../access/brute-force.ts";
import { loginError } from "./login-events.ts";
import { tryAnotherWayForm } from "./try-another-way.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../html.ts";
import { realmTitle } from "../error-page.ts";
import { consumeRecoveryCode, nextCodeNumber, RECOVERY_CODES_TYPE, recoveryCodesOf } from "./recovery-codes.ts";
import {
  challenge,
  currentUser,
  executionUrl,
  success,
  type Authenticator,
  type LoginContext,
  type Outcome,
} from "./login-context.ts";

const INVALID_CODE = "Invalid recovery authentication code";
const SETUP_ACTION = "CONFIGURE_RECOVERY_AUTHN_CODES";

function sendPage(
  ctx: LoginContext,
  actionUrl: string,
  codeNumber: number,
  footer: string,
  error?: string,
): FastifyReply {
  const invalid = error ? ` aria-invalid="true" aria-describedby="input-error"` : "";
  const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Login with a recovery authentication code</h1>
<form id="kc-recovery-code-login-form" action="${escapeHtml(actionUrl)}" method="post" novalidate>
<label for="recoveryCodeInput">Recovery code #${codeNumber}</label>
<input type="text" id="recoveryCodeInput" name="recoveryCodeInput" autocomplete="one-time-code" autofocus dir="ltr"${invalid}>${
    error ? `\n<span id="input-error" class="kc-error" aria-live="polite">${escapeHtml(error)}</span>` : ""
  }
<input type="submit" id="kc-login" name="login" value="Sign In">
</form>${footer}`;
  return ctx.reply
    .status(200)
    .headers(HTML_SECURITY_HEADERS)
    .send(themePage(`Sign in to ${realmTitle(ctx.realm)}`, body));
}

function page(ctx: LoginContext, execution: AuthExecutionRecord, error?: string): Outcome {
  const credential = recoveryCodesOf(currentUser(ctx)!);
  const number = (credential && nextCodeNumber(credential)) ?? 1;
  return challenge(() =>
    sendPage(ctx, executionUrl(ctx, execution.id), number, tryAnotherWayForm(ctx, execution), error),
  );
}

/** Keycloak's LOGIN_ERROR of this step: the credential type, no username. */
const codeRefused = (ctx: LoginContext, userId: string, error: string) =>
  loginError(ctx, error, undefined, userId, { credential_type: RECOVERY_CODES_TYPE });

/**
 * auth-recovery-authn-code-form: asks for the next unused code by its number and consumes it. The last code removes
 * the credential and asks the user to set up new codes before the login ends, as Keycloak does.
 */
export const recoveryCodeForm: Authenticator = {
  requiresUser: true,
  setupAction: SETUP_ACTION,
  configuredFor: (_ctx, user) => {
    const credential = recoveryCodesOf(user);
    return !!credential && nextCodeNumber(credential) !== undefined;
  },
  authenticate: (ctx, execution) => page(ctx, execution),
  async action(ctx, execution, form) {
    const user = currentUser(ctx)!;
    if (isLockedOut(ctx.server, ctx.realm, user)) {
      await codeRefused(ctx, user.id, "user_temporarily_disabled");
      return page(ctx, execution, INVALID_CODE);
    }
    const credential = recoveryCodesOf(user);
    const used = credential && consumeRecoveryCode(credential, (form.recoveryCodeInput ?? "").trim());
    if (!used) {
      await recordLoginFailure(ctx.server, ctx.realm, user, ctx.req.ip);
      await codeRefused(ctx, user.id, "invalid_user_credentials");
      return page(ctx, execution, INVALID_CODE);
    }
    const exhausted = nextCodeNumber(used) === undefined;
    const credentials = exhausted
      ? user.credentials.filter((c) => c.id !== used.id)
      : user.credentials.map((c) => (c.id === used.id ? used : c));
    const requiredActions =
      exhausted && !user.requiredActions.includes(SETUP_ACTION)
        ? [...user.requiredActions, SETUP_ACTION]
        : user.requiredActions;
    await ctx.server.db.write((tx) => tx.put("users", { ...user, credentials, requiredActions }));
    if (exhausted && !ctx.request.login.sessionActions.includes(SETUP_ACTION))
      ctx.request.login.sessionActions.push(SETUP_ACTION);
    ctx.request.login.usedCredentials.push(RECOVERY_CODES_TYPE);
    return success;
  },
};
