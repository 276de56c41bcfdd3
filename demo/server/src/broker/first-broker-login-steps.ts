import { randomBytes } from "node:crypto";
import type { IdentityProviderRecord, UserRecord } from "../store/types.ts";
import { findIdentityProvider } from "../admin/identity-providers/lookup.ts";
import { configOfExecution } from "../admin/authentication/lookup.ts";
import { verifyUserPassword } from "../access/passwords.ts";
import { clearLoginFailures, isLockedOut, recordLoginFailure } from "../access/brute-force.ts";
import { newId, now } from "../common/ids.ts";
import type { Authenticators } from "../oidc/login/flow-engine.ts";
import {
  attempted,
  challenge,
  currentUser,
  FlowFailure,
  setUser,
  success,
  type LoginContext,
} from "../oidc/login/login-context.ts";
import { organizationsEnabled } from "../admin/organizations/lookup.ts";
import { userByEmail, userByUsername } from "../oidc/lookup.ts";
import { federatedLink, rolesForNewUser } from "./stored-tokens.ts";
import { applyMappers, type Claims } from "./mappers.ts";
import { mailIdpLink, sendLinkMailPage } from "./idp-link-email.ts";
import { otpForm } from "../oidc/login/otp-authenticator.ts";
import { sendErrorPage } from "../oidc/error-page.ts";
import { recordEvent } from "../events/record.ts";
import { type FlowRequestEvent, recordFirstLoginRequest } from "./broker-events.ts";
import {
  reviewErrors,
  sendConfirmLinkPage,
  sendReauthPage,
  sendReviewPage,
  stepUrl,
  type ReviewedProfile,
  typedProfile,
} from "./first-broker-login-pages.ts";

/** A first broker login waiting for the browser (Keycloak keeps it in the authentication session). */
export interface BrokerLogin extends ReviewedProfile {
  alias: string;
  subject: string;
  brokerUsername: string;
  claims: Claims;
  /** The provider's token response, stored on the link when the provider stores tokens. */
  token?: string;
  /** The account with the same email or username (Keycloak's EXISTING_USER_INFO). */
  existing?: { userId: string; attribute: "email" | "username"; value: string };
  /** The user this login created. */
  createdUserId?: string;
  /** "Review profile" chosen on the confirm-link page: the review page shows whatever the flow's config says. */
  forceReview?: boolean;
  /** The flow starts again from the top on the next run (Keycloak's resetFlow). */
  restart?: boolean;
  /** Verify by email: the address the link was last mailed to, and the identity whose link was followed. */
  linkMailSentTo?: string;
  linkVerifiedFor?: string;
  /** The review changed the username or the email (Keycloak's UPDATE_PROFILE_USERNAME/EMAIL_CHANGED notes). */
  usernameChanged?: boolean;
  emailChanged?: boolean;
  /** The request whose flow event is saved (one per request into the flow, as Keycloak's). */
  eventRequestId?: string;
}

/** What a restart of the flow forgets (Keycloak's resetFlow clears the authentication session's notes). */
export function forgetFlowState(login: BrokerLogin): void {
  login.existing = undefined;
  login.linkMailSentTo = undefined;
  login.linkVerifiedFor = undefined;
  login.usernameChanged = undefined;
  login.emailChanged = undefined;
}

const pending = new Map<string, BrokerLogin>();
const keyOf = (ctx: LoginContext) => `${ctx.realm.id}/${ctx.request.tabId}`;

export const saveBrokerLogin = (ctx: LoginContext, login: BrokerLogin) => pending.set(keyOf(ctx), login);
export const brokerLoginOf = (ctx: LoginContext) => pending.get(keyOf(ctx));
export const dropBrokerLogin = (ctx: LoginContext) => pending.delete(keyOf(ctx));

/** The mailed link was followed: the login waiting in that tab counts the existing account as verified. */
export function markLinkVerified(realmId: string, tabId: string, brokerUsername: string): boolean {
  const login = pending.get(`${realmId}/${tabId}`);
  if (!login || login.brokerUsername !== brokerUsername) return false;
  login.linkVerifiedFor = brokerUsername;
  return true;
}

/**
 * Saves this request's flow event unless it is saved already: IDENTITY_PROVIDER_FIRST_LOGIN, or the step's own event
 * (a review's UPDATE_PROFILE).
 */
export async function recordFlowRequest(ctx: LoginContext, login: BrokerLogin, stepEvent?: FlowRequestEvent) {
  const brokered = ctx.request.login.brokered;
  if (!brokered || login.eventRequestId === ctx.req.id) return;
  login.eventRequestId = ctx.req.id;
  await recordFirstLoginRequest(ctx, brokered, stepEvent);
}

/**
 * A username or email the review changed, saved on its own before the review's UPDATE_PROFILE as Keycloak 26.7.3 does
 * (measured): UPDATE_PROFILE with previous_username and updated_username, UPDATE_EMAIL with previous_email and
 * updated_email, each with the review's details and code_id.
 */
async function recordReviewChange(
  ctx: LoginContext,
  type: "UPDATE_PROFILE" | "UPDATE_EMAIL",
  name: "username" | "email",
  login: BrokerLogin,
  typed: { values: Record<string, string | undefined> },
  codeId: string,
) {
  const brokered = ctx.request.login.brokered;
  if (!brokered) return;
  const before = login.values[name];
  await recordFirstLoginRequest(ctx, brokered, {
    type,
    details: {
      context: "IDP_REVIEW",
      ...(before ? { [`previous_${name}`]: before } : {}),
      [`updated_${name}`]: typed.values[name] ?? "",
      code_id: codeId,
    },
  });
}

function current(ctx: LoginContext): { login: BrokerLogin; idp: IdentityProviderRecord } {
  const login = brokerLoginOf(ctx);
  const idp = login ? findIdentityProvider(ctx.server, ctx.realm, login.alias) : undefined;
  if (!login || !idp) throw new FlowFailure("Your login attempt timed out. Login will start from the beginning.");
  return { login, idp };
}

function existingUser(ctx: LoginContext, login: BrokerLogin): UserRecord {
  const user = login.existing ? ctx.server.db.get("users", login.existing.userId) : undefined;
  if (!user || user.realmId !== ctx.realm.id)
    throw new FlowFailure("Unexpected error when authenticating with identity provider");
  return user;
}

/** The account the reviewed email (unless the realm allows duplicates) or username already belongs to. */
function duplicateOf(ctx: LoginContext, login: BrokerLogin): BrokerLogin["existing"] {
  const { db } = ctx.server;
  const emailAsUsername = ctx.realm.settings.registrationEmailAsUsername === true;
  const email = login.values.email?.toLowerCase() || undefined;
  const username = ((emailAsUsername ? email : login.values.username) || login.subject).toLowerCase();
  const byEmail =
    email && ctx.realm.settings.duplicateEmailsAllowed !== true ? userByEmail(db, ctx.realm, email) : undefined;
  if (byEmail) return { userId: byEmail.id, attribute: "email", value: email! };
  const byUsername = userByUsername(db, ctx.realm, username);
  return byUsername ? { userId: byUsername.id, attribute: "username", value: username } : undefined;
}

function newUser(ctx: LoginContext, idp: IdentityProviderRecord, login: BrokerLogin): UserRecord {
  const emailAsUsername = ctx.realm.settings.registrationEmailAsUsername === true;
  const email = login.values.email?.toLowerCase() || undefined;
  const created: UserRecord = {
    id: newId(),
    realmId: ctx.realm.id,
    username: ((emailAsUsername ? email : login.values.username) || login.subject).toLowerCase(),
    email,
    firstName: login.values.firstName || undefined,
    lastName: login.values.lastName || undefined,
    enabled: true,
    emailVerified:
      idp.rep.trustEmail === true &&
      login.claims.email_verified === true &&
      email === String(login.claims.email ?? "").toLowerCase(),
    attributes: {},
    requiredActions: [],
    createdTimestamp: now(),
    notBefore: 0,
    credentials: [],
    groupIds: [],
    roleIds: rolesForNewUser(ctx.server, ctx.realm, idp),
    federatedIdentities: [federatedLink(idp, login.subject, login.brokerUsername, login.token)],
    consents: [],
  };
  const mapped = applyMappers(ctx.server, ctx.realm, idp, created, login.claims, true);
  // the review shows an importer's first value: unchanged there, the importer's values all stay (Keycloak 26.7.3 keeps
  // a list claim's items, measured)
  const reviewed = Object.entries(login.attributes)
    .filter(([, value]) => value)
    .map(([name, value]) => [name, mapped.attributes[name]?.[0] === value ? mapped.attributes[name] : [value]]);
  return { ...mapped, attributes: { ...mapped.attributes, ...Object.fromEntries(reviewed) } };
}

/** The enabled organization the login's provider belongs to, when the realm has organizations on. */
function brokerOrganization(ctx: LoginContext) {
  const alias = brokerLoginOf(ctx)?.alias;
  if (!alias || !organizationsEnabled(ctx.realm)) return undefined;
  return ctx.server.db
    .list("organizations", ctx.realm.id)
    .find((o) => o.enabled && o.identityProviderAliases.includes(alias));
}

/** The steps of Keycloak's first broker login flows this server runs. */
export const FIRST_BROKER_LOGIN_STEPS: Authenticators = {
  /** The re-authentication's conditional OTP (its form posts to the first broker login, see `stepUrl`). */
  "auth-otp-form": otpForm,
  /** Shows the profile per `update.profile.on.first.login`: on, missing (only when the profile is incomplete), off. */
  "idp-review-profile": {
    requiresUser: false,
    authenticate(ctx, execution) {
      const { login } = current(ctx);
      const mode = configOfExecution(ctx.server, ctx.realm, execution)?.config["update.profile.on.first.login"];
      const incomplete = Object.keys(reviewErrors(ctx, login)).length > 0;
      const review = login.forceReview || mode === "on" || (mode !== "off" && incomplete);
      if (!review) return success;
      return challenge(() => sendReviewPage(ctx, stepUrl(ctx, login.alias, execution.id), login));
    },
    async action(ctx, execution, form) {
      const { login } = current(ctx);
      const typed = typedProfile(ctx, form);
      const errors = reviewErrors(ctx, typed);
      const refused = Object.keys(errors).length > 0;
      // Keycloak records the submit as UPDATE_PROFILE even when the profile is refused (then without updated_email),
      // with a code_id of its own on each submit (Keycloak 26.7.3: 32 random bytes, not the login's session id)
      const email = typed.values.email;
      const codeId = randomBytes(32).toString("base64url");
      const changed = (name: "username" | "email") =>
        !refused && typed.values[name] !== undefined && typed.values[name] !== (login.values[name] ?? "");
      if (changed("username")) await recordReviewChange(ctx, "UPDATE_PROFILE", "username", login, typed, codeId);
      if (changed("email")) await recordReviewChange(ctx, "UPDATE_EMAIL", "email", login, typed, codeId);
      await recordFlowRequest(ctx, login, {
        type: "UPDATE_PROFILE",
        details: { context: "IDP_REVIEW", ...(!refused && email ? { updated_email: email } : {}), code_id: codeId },
      });
      if (refused) return challenge(() => sendReviewPage(ctx, stepUrl(ctx, login.alias, execution.id), typed, errors));
      if (changed("username")) login.usernameChanged = true;
      if (changed("email")) login.emailChanged = true;
      Object.assign(login, typed, { forceReview: false });
      return success;
    },
  },
  /**
   * A new user linked to the identity, unless the email or username is taken: then the next alternative. An account
   * found earlier in this run of the flow stands; a restart (confirm link → review profile) looks again. A REQUIRED step
   * with an account found ends the login on Keycloak's "federated identity exists" page (409).
   */
  "idp-create-user-if-unique": {
    requiresUser: false,
    async authenticate(ctx, execution) {
      const { login, idp } = current(ctx);
      if (login.existing) return attempted;
      login.existing = duplicateOf(ctx, login);
      const found = login.existing;
      if (found && execution.requirement === "REQUIRED") {
        await recordEvent(ctx.server, ctx.realm, {
          type: "IDENTITY_PROVIDER_FIRST_LOGIN_ERROR",
          clientId: ctx.client.clientId,
          userId: found.userId,
          ipAddress: ctx.req.ip,
          error: "federated_identity_account_exists",
          details: {
            identity_provider: idp.alias,
            identity_provider_identity: login.brokerUsername,
            redirect_uri: ctx.request.redirectUri,
            [`existing_${found.attribute}`]: found.value,
          },
        });
        const message = `User with ${found.attribute} ${found.value} already exists. Please login to account management to link the account.`;
        return challenge(() => sendErrorPage(ctx.reply, ctx.realm, message, 409));
      }
      if (found) return attempted;
      const user = newUser(ctx, idp, login);
      await ctx.server.db.write((tx) => tx.put("users", user));
      login.createdUserId = user.id;
      setUser(ctx, user);
      return success;
    },
  },
  /**
   * Keycloak's "Detect existing broker user": for realms whose users must exist before they broker in. The account with
   * the same email or username goes to the next steps (e.g. auto link); without one the login stops.
   */
  "idp-detect-existing-broker-user": {
    requiresUser: false,
    async authenticate(ctx) {
      const { login, idp } = current(ctx);
      if (login.existing) return attempted;
      login.existing = duplicateOf(ctx, login);
      if (login.existing) return success;
      const username = login.values.username || login.brokerUsername;
      await recordEvent(ctx.server, ctx.realm, {
        type: "IDENTITY_PROVIDER_FIRST_LOGIN_ERROR",
        clientId: ctx.client.clientId,
        ipAddress: ctx.req.ip,
        error: "user_not_found",
        details: { authenticator: "DetectExistingBrokerUser", identity_provider: idp.alias },
      });
      return challenge(() =>
        sendErrorPage(
          ctx.reply,
          ctx.realm,
          `User ${username} authenticated with identity provider ${idp.alias} does not exist. Please contact your administrator.`,
          401,
        ),
      );
    },
  },
  /**
   * Keycloak 26's "Organization Member Onboard": a user brokered through an enabled organization's provider becomes
   * its managed member (the "First Broker Login - Conditional Organization" sub-flow runs it when that applies).
   */
  "idp-add-organization-member": {
    requiresUser: true,
    configuredFor: (ctx) => brokerOrganization(ctx) !== undefined,
    async authenticate(ctx) {
      const organization = brokerOrganization(ctx);
      const user = currentUser(ctx);
      if (!organization || !user) return attempted;
      if (!(user.id in organization.members)) {
        const members = { ...organization.members, [user.id]: "MANAGED" };
        await ctx.server.db.write((tx) => tx.put("organizations", { ...organization, members }));
      }
      return success;
    },
  },
  "idp-confirm-link": {
    requiresUser: false,
    authenticate(ctx, execution) {
      const { login } = current(ctx);
      existingUser(ctx, login);
      const { attribute, value } = login.existing!;
      return challenge(() => sendConfirmLinkPage(ctx, stepUrl(ctx, login.alias, execution.id), attribute, value));
    },
    action(ctx, _execution, form) {
      const { login } = current(ctx);
      if (form.submitAction !== "updateProfile") return success;
      login.forceReview = true;
      login.restart = true;
      return attempted;
    },
  },
  /**
   * Mails the existing account a link that confirms the linking (Keycloak's IdpEmailVerificationAuthenticator); passes
   * to the next alternative when the realm has no SMTP server or the review changed the username or the email.
   */
  "idp-email-verification": {
    requiresUser: false,
    async authenticate(ctx, execution) {
      const { login, idp } = current(ctx);
      const smtp = ctx.realm.settings.smtpServer as Record<string, unknown> | undefined;
      if (!smtp?.host) return attempted;
      if (login.usernameChanged || login.emailChanged) return attempted;
      const user = existingUser(ctx, login);
      if (login.linkVerifiedFor === login.brokerUsername) {
        setUser(ctx, user);
        return success;
      }
      if (!user.email) return attempted;
      const page = stepUrl(ctx, login.alias, execution.id);
      if (login.linkMailSentTo !== user.email) {
        try {
          await mailIdpLink(ctx, idp, user, login.brokerUsername, execution.id);
        } catch (error) {
          ctx.req.log.warn({ err: error }, "Failed to send the identity provider link email");
          return challenge(() =>
            sendErrorPage(ctx.reply, ctx.realm, "Failed to send email, please try again later.", 500),
          );
        }
        login.linkMailSentTo = user.email;
      }
      return challenge(() => sendLinkMailPage(ctx, page, idp, login.brokerUsername));
    },
    /** Either link of the page: goes on when the mailed link was followed elsewhere, else sends it again. */
    action(ctx, execution) {
      current(ctx).login.linkMailSentTo = undefined;
      return FIRST_BROKER_LOGIN_STEPS["idp-email-verification"]!.authenticate(ctx, execution);
    },
  },
  "idp-username-password-form": {
    requiresUser: false,
    authenticate(ctx, execution) {
      const { login, idp } = current(ctx);
      const user = existingUser(ctx, login);
      return challenge(() => sendReauthPage(ctx, stepUrl(ctx, login.alias, execution.id), user, idp));
    },
    async action(ctx, execution, form) {
      const { login, idp } = current(ctx);
      const user = existingUser(ctx, login);
      const again = (error: string) =>
        challenge(() => sendReauthPage(ctx, stepUrl(ctx, login.alias, execution.id), user, idp, error));
      if (!user.enabled) return again("Account is disabled, contact your administrator.");
      if (isLockedOut(ctx.server, ctx.realm, user) || !(await verifyUserPassword(user, form.password ?? ""))) {
        await recordLoginFailure(ctx.server, ctx.realm, user, ctx.req.ip);
        // Keycloak 26.7.3 saves this error twice (the form's and the flow's), once is enough here
        await recordFlowRequest(ctx, login, {
          type: "IDENTITY_PROVIDER_FIRST_LOGIN_ERROR",
          error: "invalid_user_credentials",
          userId: user.id,
          details: { username: user.username },
        });
        return again("Invalid username or password.");
      }
      await clearLoginFailures(ctx.server, ctx.realm, user);
      // as Keycloak 26.7.3: this request's IDENTITY_PROVIDER_FIRST_LOGIN names the username the form checked
      await recordFlowRequest(ctx, login, {
        type: "IDENTITY_PROVIDER_FIRST_LOGIN",
        details: { username: user.username },
      });
      setUser(ctx, user);
      ctx.request.login.usedCredentials.push("password");
      return success;
    },
  },
  /** Links the existing account without asking (an administrator's choice for providers they trust). */
  "idp-auto-link": {
    requiresUser: false,
    authenticate(ctx) {
      const { login } = current(ctx);
      setUser(ctx, existingUser(ctx, login));
      return success;
    },
  },
};
