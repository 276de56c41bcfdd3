import { brokerLoginUrl, providerButtons } from "../../broker/login-buttons.ts";
import { configOfExecution } from "../../admin/authentication/lookup.ts";
import { organizationsEnabled } from "../../admin/organizations/lookup.ts";
import { findLoginUser } from "../../federation/user-hooks.ts";
import type { AuthExecutionRecord, OrganizationRecord, UserRecord } from "../../store/types.ts";
import { sendErrorPage } from "../error-page.ts";
import { sendLoginPage } from "../login-page.ts";
import {
  attempted,
  challenge,
  currentUser,
  executionUrl,
  setUser,
  type Authenticator,
  type LoginContext,
  type Outcome,
} from "./login-context.ts";

const REDIRECT_ON_EMAIL_MATCH = "kc.org.broker.redirect.mode.email-matches";
const IDP_DOMAIN = "kc.org.domain";

const emailDomain = (username: string): string | undefined => {
  const at = username.lastIndexOf("@");
  return at > 0 && at < username.length - 1 ? username.slice(at + 1).toLowerCase() : undefined;
};

function enabledOrganizations(ctx: LoginContext): OrganizationRecord[] {
  return ctx.server.db.list("organizations", ctx.realm.id).filter((o) => o.enabled);
}

const byDomain = (organizations: OrganizationRecord[], domain: string | undefined) =>
  domain ? organizations.find((o) => o.domains.some((d) => d.name.toLowerCase() === domain)) : undefined;

/** Keycloak's Organizations.resolveOrganization: the user's only organization, else the one owning the email's domain. */
function resolveOrganization(
  ctx: LoginContext,
  user: UserRecord | undefined,
  domain: string | undefined,
): OrganizationRecord | undefined {
  const organizations = enabledOrganizations(ctx);
  if (user) {
    const memberOf = organizations.filter((o) => user.id in o.members);
    if (memberOf.length === 1) return memberOf[0];
    const found = byDomain(memberOf, domain);
    if (found) return found;
  }
  return byDomain(organizations, domain);
}

/** The username page of identity-first login, posting back to this step. */
function usernamePage(ctx: LoginContext, execution: AuthExecutionRecord, username?: string, error?: string): Outcome {
  return challenge(() =>
    sendLoginPage(ctx.reply, ctx.realm, {
      actionUrl: executionUrl(ctx, execution.id),
      username: username ?? ctx.request.loginHint,
      error,
      mode: "username",
      providers: providerButtons(ctx.server, ctx.realm, ctx.client.clientId, ctx.request.tabId),
    }),
  );
}

/** The organization's provider to send this user to: the one they are linked to, else the one for the email's domain. */
function brokerFor(
  ctx: LoginContext,
  organization: OrganizationRecord,
  user: UserRecord | undefined,
  domain: string | undefined,
): string | undefined {
  // a user who can sign in here with a password is not sent away (Keycloak: first-factor credentials present)
  if (user?.credentials.some((c) => c.type === "password")) return undefined;
  const providers = ctx.server.db
    .list("identityProviders", ctx.realm.id)
    .filter((p) => organization.identityProviderAliases.includes(p.alias) && p.rep.enabled !== false);
  const linked = user
    ? providers.filter((p) => user.federatedIdentities.some((f) => f.identityProvider === p.alias))
    : [];
  if (linked.length === 1) return linked[0].alias;
  const matchDomain = domain ?? (user?.email ? emailDomain(user.email) : undefined);
  if (!matchDomain || !organization.domains.some((d) => d.name.toLowerCase() === matchDomain)) return undefined;
  const config = (p: (typeof providers)[number]) => (p.rep.config ?? {}) as Record<string, string | undefined>;
  return providers.find(
    (p) => config(p)[REDIRECT_ON_EMAIL_MATCH] === "true" && config(p)[IDP_DOMAIN]?.toLowerCase() === matchDomain,
  )?.alias;
}

/** With requiresUserMembership on, a known user outside the organization ends on Keycloak's 403 page. */
function refusedNonMember(
  ctx: LoginContext,
  execution: AuthExecutionRecord,
  organization: OrganizationRecord | undefined,
  user: UserRecord | undefined,
): Outcome | undefined {
  const required = configOfExecution(ctx.server, ctx.realm, execution)?.config.requiresUserMembership === "true";
  if (!user || !required || !organization || user.id in organization.members) return undefined;
  const message = `User is not a member of the organization ${organization.name}`;
  return challenge(() => sendErrorPage(ctx.reply, ctx.realm, message, 403));
}

/** Passes on to the password step with the user found, or with the typed name of an unknown one. */
function passOn(ctx: LoginContext, username: string, user: UserRecord | undefined): Outcome {
  if (user) setUser(ctx, user);
  else ctx.request.login.attemptedUsername = username;
  return attempted;
}

async function identify(ctx: LoginContext, execution: AuthExecutionRecord, username: string): Promise<Outcome> {
  const user = await findLoginUser(ctx.server, ctx.realm, username);
  const domain = emailDomain(username);
  const organization = resolveOrganization(ctx, user, domain);
  if (!organization) return passOn(ctx, username, user);
  const refusal = refusedNonMember(ctx, execution, organization, user);
  if (refusal) return refusal;
  const alias = brokerFor(ctx, organization, user, domain);
  if (alias) {
    ctx.request.loginHint = user?.email ?? username;
    const url = brokerLoginUrl(ctx.realm, alias, ctx.client.clientId, ctx.request.tabId);
    return challenge(() => ctx.reply.redirect(url, 302));
  }
  if (!user) {
    const error = domain ? "Your email domain matches an organization but you don't have an account yet." : undefined;
    return usernamePage(ctx, execution, username, error);
  }
  return passOn(ctx, username, user);
}

/**
 * Keycloak's "Organization Identity-First Login": in a realm with organizations on and at least one organization, the
 * login asks for the username or email alone; an organization's provider set to redirect on a matching email domain
 * takes the user there, anyone else goes on to the password step.
 */
export const organizationIdentityFirst: Authenticator = {
  requiresUser: false,
  authenticate(ctx, execution) {
    if (!organizationsEnabled(ctx.realm) || ctx.server.db.list("organizations", ctx.realm.id).length === 0)
      return attempted;
    if (currentUser(ctx)) return attempted;
    const hint = ctx.request.loginHint?.trim();
    if (hint) return identify(ctx, execution, hint);
    return usernamePage(ctx, execution);
  },
  async action(ctx, execution, form) {
    const username = (form.username ?? "").trim();
    if (!username) return usernamePage(ctx, execution, "", "Invalid username or email.");
    return identify(ctx, execution, username);
  },
};
