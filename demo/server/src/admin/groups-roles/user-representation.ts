import type { UserRecord } from "../../store/types.ts";

/**
 * The UserRepresentation returned by member listings (group members, users in
 * role). Kept private to this family so it does not depend on the users work.
 */
export function toMemberRepresentation(user: UserRecord, brief: boolean): Record<string, unknown> {
  const rep: Record<string, unknown> = {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    createdTimestamp: user.createdTimestamp,
    enabled: user.enabled,
  };
  if (user.federationLink) rep.federationLink = user.federationLink;
  if (user.serviceAccountClientId) rep.serviceAccountClientId = user.serviceAccountClientId;
  if (!brief) {
    if (Object.keys(user.attributes).length) rep.attributes = user.attributes;
    rep.totp = user.credentials.some((c) => c.type === "otp");
    rep.disableableCredentialTypes = [];
    rep.requiredActions = user.requiredActions;
    rep.notBefore = user.notBefore;
  }
  for (const key of Object.keys(rep)) if (rep[key] === undefined) delete rep[key];
  return rep;
}
