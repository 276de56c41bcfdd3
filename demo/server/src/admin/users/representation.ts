import type { ServerContext } from "../../context.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { isBruteForceProtected, loginFailureId } from "../../access/brute-force.ts";
import type { UpConfig } from "./profile-config.ts";
import { visibleAttributes } from "./profile-attributes.ts";
import { omitUndefined } from "./lookups.ts";

/** Credential types an administrator can disable for a user (Keycloak: OTP-like ones, never password). */
const DISABLEABLE_TYPES = ["otp", "webauthn", "webauthn-passwordless", "recovery-authn-codes"];

/** UserRepresentation.access, computed from the caller's permissions. */
export function userAccess(ctx: AdminRequestContext) {
  const manage = ctx.has("manage-users");
  return {
    manageGroupMembership: manage,
    view: manage || ctx.has("view-users"),
    mapRoles: manage,
    impersonate: ctx.has("impersonation"),
    manage,
  };
}

/** Keycloak shows a permanently locked-out user as disabled on GET /users/{id}. */
export function isPermanentlyLockedOut(server: ServerContext, realm: RealmRecord, user: UserRecord): boolean {
  if (!isBruteForceProtected(realm) || realm.settings.permanentLockout !== true) return false;
  return (server.db.get("loginFailures", loginFailureId(realm, user.id))?.lockedUntil ?? 0) >= Number.MAX_SAFE_INTEGER;
}

export function briefUserRepresentation(user: UserRecord) {
  return omitUndefined({
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    createdTimestamp: user.createdTimestamp,
    enabled: user.enabled,
    federationLink: user.federationLink,
  });
}

export function userRepresentation(user: UserRecord, config: UpConfig) {
  const attributes = visibleAttributes(user, config);
  const types = new Set(user.credentials.map((c) => c.type));
  return omitUndefined({
    ...briefUserRepresentation(user),
    attributes: Object.keys(attributes).length ? attributes : undefined,
    totp: types.has("otp"),
    serviceAccountClientId: user.serviceAccountClientId,
    disableableCredentialTypes: DISABLEABLE_TYPES.filter((t) => types.has(t)),
    requiredActions: [...user.requiredActions],
    notBefore: user.notBefore,
  });
}

export function listedUser(ctx: AdminRequestContext, user: UserRecord, config: UpConfig, brief: boolean) {
  const rep = brief ? briefUserRepresentation(user) : userRepresentation(user, config);
  return { ...rep, access: userAccess(ctx) };
}
