import type { UserRecord } from "../../../store/types.ts";

/** UserRepresentation as Keycloak lists users (brief: without attributes). */
export function userRepresentation(user: UserRecord, brief = false): Record<string, unknown> {
  const rep: Record<string, unknown> = {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    createdTimestamp: user.createdTimestamp,
    enabled: user.enabled,
    totp: user.credentials.some((c) => c.type === "otp"),
    disableableCredentialTypes: [],
    requiredActions: user.requiredActions,
    notBefore: user.notBefore,
  };
  if (user.federationLink) rep.federationLink = user.federationLink;
  if (!brief && Object.keys(user.attributes).length) rep.attributes = user.attributes;
  return rep;
}
