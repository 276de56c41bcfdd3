import { brokerLoginUrl } from "../../broker/login-buttons.ts";
import { findProvider } from "../../admin/authentication/providers.ts";
import { configOfExecution } from "../../admin/authentication/lookup.ts";
import { ssoSessionFromCookie } from "../sso-cookies.ts";
import { organizationIdentityFirst } from "./organization-authenticator.ts";
import { otpForm } from "./otp-authenticator.ts";
import { recoveryCodeForm } from "./recovery-code-authenticator.ts";
import { passwordForm, usernameForm, usernamePasswordForm } from "./password-authenticators.ts";
import { attempted, challenge, FlowFailure, setUser, success, type Authenticator } from "./login-context.ts";

/** `"Display Name" (provider-id)`, as the error page names a step. */
export function stepName(providerId: string | undefined): string {
  const name = providerId ? findProvider(providerId)?.displayName : undefined;
  return name ? `"${name}" (${providerId})` : `"${providerId ?? "unknown"}"`;
}

const cookie: Authenticator = {
  requiresUser: false,
  async authenticate(ctx) {
    if (ctx.request.login.prompts.includes("login")) return attempted;
    const sso = await ssoSessionFromCookie(ctx.server, ctx.realm, ctx.req);
    if (!sso) return attempted;
    setUser(ctx, sso.user);
    ctx.request.login.ssoSessionId = sso.session.id;
    return success;
  },
};

/** Kerberos: no Kerberos is configured here, so (as Keycloak without it) an alternative step passes on. */
const spnego: Authenticator = {
  requiresUser: false,
  authenticate(_ctx, execution) {
    if (execution.requirement === "ALTERNATIVE") return attempted;
    throw new FlowFailure(
      `The step ${stepName("auth-spnego")} is required, and this server has no Kerberos configured.`,
    );
  },
};

/** A `kc_idp_hint`, even a blank or unusable one, stands alone, as Keycloak's: the default provider only without it. */
const identityProviderRedirector: Authenticator = {
  requiresUser: false,
  authenticate(ctx, execution) {
    const providers = ctx.server.db.list("identityProviders", ctx.realm.id);
    const usable = (alias: string | undefined) =>
      alias ? providers.find((p) => p.alias === alias && p.rep.enabled !== false) : undefined;
    const hint = ctx.request.login.idpHint;
    const alias = hint ?? configOfExecution(ctx.server, ctx.realm, execution)?.config.defaultProvider;
    const target = usable(alias?.trim());
    if (!target) return attempted;
    const url = brokerLoginUrl(ctx.realm, target.alias, ctx.client.clientId, ctx.request.tabId);
    return challenge(() => ctx.reply.redirect(url, 302));
  },
};

const allowAccess: Authenticator = { requiresUser: false, authenticate: () => success };

const denyAccess: Authenticator = {
  requiresUser: false,
  authenticate(ctx, execution) {
    const message = configOfExecution(ctx.server, ctx.realm, execution)?.config.denyErrorMessage;
    return { type: "failure", message: message || "Access denied" };
  },
};

/** The browser-flow steps this server runs; any other step ends the login on an error page naming it. */
export const AUTHENTICATORS: Record<string, Authenticator> = {
  "auth-cookie": cookie,
  "auth-spnego": spnego,
  "identity-provider-redirector": identityProviderRedirector,
  organization: organizationIdentityFirst,
  "auth-username-password-form": usernamePasswordForm,
  "auth-username-form": usernameForm,
  "auth-password-form": passwordForm,
  "auth-otp-form": otpForm,
  "auth-recovery-authn-code-form": recoveryCodeForm,
  "allow-access-authenticator": allowAccess,
  "deny-access-authenticator": denyAccess,
};
