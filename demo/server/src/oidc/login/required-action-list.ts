import type { RequiredActionRecord } from "../../store/types.ts";
import type { ProfileScope } from "./action-update-profile.ts";
import type { LoginContext } from "./login-context.ts";

/** Keycloak's built-in order for the actions this server runs, for realms that list no required actions at all. */
const FALLBACK_PRIORITY: Record<string, number> = {
  CONFIGURE_TOTP: 10,
  UPDATE_PASSWORD: 30,
  UPDATE_PROFILE: 40,
  VERIFY_EMAIL: 50,
  VERIFY_PROFILE: 90,
};

/** The realm's enabled required actions in priority order. */
export function enabledRequiredActions(ctx: ProfileScope): Pick<RequiredActionRecord, "alias" | "name" | "priority">[] {
  const registered = ctx.server.db.list("requiredActions", ctx.realm.id);
  if (registered.length === 0)
    return Object.entries(FALLBACK_PRIORITY).map(([alias, priority]) => ({ alias, name: alias, priority }));
  return registered.filter((a) => a.enabled).sort((a, b) => a.priority - b.priority || a.alias.localeCompare(b.alias));
}

export function requiredActionEnabled(ctx: LoginContext, alias: string): boolean {
  return enabledRequiredActions(ctx).some((a) => a.alias === alias);
}
