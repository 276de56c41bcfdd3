import type { UserRecord } from "../../store/types.ts";
import { omitUndefined } from "./omit-undefined.ts";
import { parseProxiedUserId } from "../../federation/proxied-users.ts";

/** Credential types an administrator can disable for a user (Keycloak: OTP-like ones, never password). */
// Keycloak 26.7.3 lists no type for a user with recovery codes (checked there).
const DISABLEABLE_TYPES = ["otp", "webauthn", "webauthn-passwordless"];

/**
 * Keycloak's ModelToRepresentation.toBriefRepresentation(user). Keycloak 26.7.3 names the user's storage provider in
 * `federationLink` and `origin` both for an imported user and for one served without import.
 */
export function briefUserRepresentation(user: UserRecord): Record<string, unknown> {
  const provider = user.federationLink ?? parseProxiedUserId(user.id)?.providerId;
  return omitUndefined({
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    createdTimestamp: user.createdTimestamp,
    enabled: user.enabled,
    federationLink: provider,
    origin: provider,
  });
}

/**
 * Keycloak's ModelToRepresentation.toRepresentation(session, realm, user):
 * the brief fields plus credentials summary, required actions and every stored
 * attribute (callers that apply the user profile pass the visible ones).
 */
export function userRepresentation(
  user: UserRecord,
  attributes: UserRecord["attributes"] = user.attributes,
): Record<string, unknown> {
  const types = new Set(user.credentials.map((c) => c.type));
  return omitUndefined({
    ...briefUserRepresentation(user),
    attributes: Object.keys(attributes).length ? structuredClone(attributes) : undefined,
    totp: types.has("otp"),
    serviceAccountClientId: user.serviceAccountClientId,
    disableableCredentialTypes: DISABLEABLE_TYPES.filter((t) => types.has(t)),
    requiredActions: [...user.requiredActions],
    notBefore: user.notBefore,
  });
}

/** Brief or full, as member listings choose with `briefRepresentation`. */
export const memberRepresentation = (user: UserRecord, brief: boolean) =>
  brief ? briefUserRepresentation(user) : userRepresentation(user);
