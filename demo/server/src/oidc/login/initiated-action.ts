import type { UserRecord } from "../../store/types.ts";
import type { LoginContext } from "./login-context.ts";

/** The actions a client may start with `kc_action` here (their pages carry the Cancel button). */
const INITIABLE = new Set(["UPDATE_PASSWORD", "UPDATE_EMAIL"]);

/**
 * `kc_action` on the authorization request, as Keycloak's application-initiated actions: an enabled action runs after
 * sign-in (or on the SSO session) and its outcome goes back as `kc_action_status`; a disabled one, or an alias the realm
 * does not have, answers `error` without running.
 */
export function startInitiatedAction(ctx: LoginContext, alias: string | undefined): void {
  if (!alias) return;
  const record = ctx.server.db.list("requiredActions", ctx.realm.id).find((a) => a.alias === alias);
  const login = ctx.request.login;
  if (!record?.enabled) {
    login.kcActionStatus = "error";
    return;
  }
  if (!INITIABLE.has(alias)) return;
  login.kcAction = alias;
  if (!login.sessionActions.includes(alias)) login.sessionActions.push(alias);
}

/** Whether the page of `alias` offers Cancel: the client asked for it and the user does not owe it anyway. */
export function cancellable(ctx: LoginContext, user: UserRecord, alias: string): boolean {
  return ctx.request.login.kcAction === alias && !user.requiredActions.includes(alias);
}

/** The Cancel button of an application-initiated action's page (empty when it cannot be cancelled). */
export function cancelButton(ctx: LoginContext, user: UserRecord, alias: string): string {
  return cancellable(ctx, user, alias)
    ? `\n<button type="submit" id="kc-cancel" class="kc-secondary" name="cancel-aia" value="true" formnovalidate>Cancel</button>`
    : "";
}

/** Ends the client's action: cancelled by the user, or done. */
export function endInitiatedAction(ctx: LoginContext, alias: string, status: "success" | "cancelled"): void {
  const login = ctx.request.login;
  if (login.kcAction !== alias) return;
  login.kcAction = undefined;
  login.kcActionStatus = status;
  login.kcActionDone = alias;
  login.sessionActions = login.sessionActions.filter((a) => a !== alias);
}

/** What the client's redirect carries about its action (Keycloak's kc_action and kc_action_status). */
export function initiatedActionParams(ctx: { login: LoginContext["request"]["login"] }): Record<string, string> {
  const { kcActionStatus, kcActionDone } = ctx.login;
  if (!kcActionStatus) return {};
  return kcActionDone
    ? { kc_action: kcActionDone, kc_action_status: kcActionStatus }
    : { kc_action_status: kcActionStatus };
}
