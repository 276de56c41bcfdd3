import { providerButtons } from "../../broker/login-buttons.ts";
import type { AuthExecutionRecord, UserRecord } from "../../store/types.ts";
import { sendLoginPage } from "../login-page.ts";
import { findLoginUser, verifyPassword } from "../../federation/user-hooks.ts";
import { isProxiedUserId } from "../../federation/proxied-users.ts";
import { clearLoginFailures, isLockedOut, recordLoginFailure } from "../../access/brute-force.ts";
import { loginError } from "./login-events.ts";
import {
  challenge,
  currentUser,
  executionUrl,
  setUser,
  success,
  type Authenticator,
  type Form,
  type LoginContext,
  type Outcome,
} from "./login-context.ts";

const INVALID_USER = "Invalid username or password.";
const INVALID_PASSWORD = "Invalid password.";
const ACCOUNT_DISABLED = "Account is disabled, contact your administrator.";

type Mode = "both" | "username" | "password";

function page(
  ctx: LoginContext,
  execution: AuthExecutionRecord,
  mode: Mode,
  username?: string,
  error?: string,
): Outcome {
  const restartQuery = new URLSearchParams({ client_id: ctx.client.clientId, tab_id: ctx.request.tabId });
  return challenge(() =>
    sendLoginPage(ctx.reply, ctx.realm, {
      actionUrl: executionUrl(ctx, execution.id),
      username: username ?? currentUser(ctx)?.username ?? ctx.request.loginHint,
      error,
      mode,
      restartUrl: `/realms/${encodeURIComponent(ctx.realm.realm)}/login-actions/restart?${restartQuery}`,
      providers: providerButtons(ctx.server, ctx.realm, ctx.client.clientId, ctx.request.tabId),
    }),
  );
}

/** Looks the user up as the username forms do; a page with Keycloak's message when that fails. */
async function identify(
  ctx: LoginContext,
  execution: AuthExecutionRecord,
  mode: Mode,
  username: string,
): Promise<UserRecord | Outcome> {
  const user = username ? await findLoginUser(ctx.server, ctx.realm, username) : undefined;
  const unknown =
    mode === "username"
      ? ctx.realm.settings.loginWithEmailAllowed === false
        ? "Invalid username."
        : "Invalid username or email."
      : INVALID_USER;
  if (!user) {
    await loginError(ctx, "user_not_found", username);
    return page(ctx, execution, mode, username, unknown);
  }
  if (!user.enabled) {
    await loginError(ctx, "user_disabled", username, user.id);
    return page(ctx, execution, mode, username, ACCOUNT_DISABLED);
  }
  return user;
}

/** Checks the password of `user`; a page with the error on failure (brute-force counting included). */
async function checkPassword(
  ctx: LoginContext,
  execution: AuthExecutionRecord,
  mode: Mode,
  user: UserRecord,
  form: Form,
): Promise<Outcome> {
  const message = mode === "password" ? INVALID_PASSWORD : INVALID_USER;
  const typed = form.username?.trim() || user.username;
  if (isLockedOut(ctx.server, ctx.realm, user)) {
    await loginError(ctx, "user_temporarily_disabled", typed, user.id);
    return page(ctx, execution, mode, typed, message);
  }
  if (!(await verifyPassword(ctx.server, user, form.password ?? ""))) {
    await recordLoginFailure(ctx.server, ctx.realm, user, ctx.req.ip);
    await loginError(ctx, "invalid_user_credentials", typed, user.id);
    return page(ctx, execution, mode, typed, message);
  }
  await clearLoginFailures(ctx.server, ctx.realm, user);
  setUser(ctx, user);
  ctx.request.login.usedCredentials.push("password");
  return success;
}

/** After identity-first login named the user (or a name no user has), the form asks for the password alone. */
const identifiedFirst = (ctx: LoginContext) => !!currentUser(ctx) || ctx.request.login.attemptedUsername !== undefined;

export const usernamePasswordForm: Authenticator = {
  requiresUser: false,
  authenticate: (ctx, execution) =>
    identifiedFirst(ctx)
      ? page(ctx, execution, "password", ctx.request.login.attemptedUsername)
      : page(ctx, execution, "both"),
  async action(ctx, execution, form) {
    const user = currentUser(ctx);
    if (user) return checkPassword(ctx, execution, "password", user, { ...form, username: user.username });
    const attemptedName = ctx.request.login.attemptedUsername;
    if (attemptedName !== undefined) {
      await loginError(ctx, "user_not_found", attemptedName);
      return page(ctx, execution, "password", attemptedName, INVALID_USER);
    }
    const username = (form.username ?? "").trim();
    const found = await identify(ctx, execution, "both", username);
    if ("type" in found) return found;
    ctx.request.rememberMe = ctx.realm.settings.rememberMe === true && form.rememberMe === "on";
    return checkPassword(ctx, execution, "both", found, form);
  },
};

export const usernameForm: Authenticator = {
  requiresUser: false,
  authenticate: (ctx, execution) => page(ctx, execution, "username"),
  async action(ctx, execution, form) {
    const found = await identify(ctx, execution, "username", (form.username ?? "").trim());
    if ("type" in found) return found;
    ctx.request.rememberMe = ctx.realm.settings.rememberMe === true && form.rememberMe === "on";
    setUser(ctx, found);
    return success;
  },
};

export const passwordForm: Authenticator = {
  requiresUser: true,
  configuredFor: (_ctx, user) =>
    !!user.federationLink || isProxiedUserId(user.id) || user.credentials.some((c) => c.type === "password"),
  authenticate: (ctx, execution) => page(ctx, execution, "password"),
  action(ctx, execution, form) {
    const user = currentUser(ctx)!;
    return checkPassword(ctx, execution, "password", user, { ...form, username: user.username });
  },
};
