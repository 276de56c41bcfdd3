import type { ServerContext } from "../../context.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { isLockedOut } from "../../access/brute-force.ts";
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

export function briefUserRepresentation(server: ServerContext, realm: RealmRecord, user: UserRecord) {
  return omitUndefined({
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    createdTimestamp: user.createdTimestamp,
    enabled: user.enabled && !isLockedOut(server, realm, user),
    federationLink: user.federationLink,
  });
}

export function userRepresentation(server: ServerContext, realm: RealmRecord, user: UserRecord, config: UpConfig) {
  const attributes = visibleAttributes(user, config);
  const types = new Set(user.credentials.map((c) => c.type));
  return omitUndefined({
    ...briefUserRepresentation(server, realm, user),
    attributes: Object.keys(attributes).length ? attributes : undefined,
    totp: types.has("otp"),
    serviceAccountClientId: user.serviceAccountClientId,
    disableableCredentialTypes: DISABLEABLE_TYPES.filter((t) => types.has(t)),
    requiredActions: [...user.requiredActions],
    notBefore: user.notBefore,
  });
}

export function listedUser(server: ServerContext, ctx: AdminRequestContext, user: UserRecord, config: UpConfig, brief: boolean) {
  const rep = brief ? briefUserRepresentation(server, ctx.realm, user) : userRepresentation(server, ctx.realm, user, config);
  return { ...rep, access: userAccess(ctx) };
}
