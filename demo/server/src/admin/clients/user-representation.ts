import type { UserRecord } from "../../store/types.ts";

/** The UserRepresentation Keycloak returns for a service account user. */
export function userRepresentation(user: UserRecord): Record<string, unknown> {
  const rep: Record<string, unknown> = { id: user.id, username: user.username };
  if (user.firstName !== undefined) rep.firstName = user.firstName;
  if (user.lastName !== undefined) rep.lastName = user.lastName;
  if (user.email !== undefined) rep.email = user.email;
  rep.emailVerified = user.emailVerified;
  if (Object.keys(user.attributes).length) rep.attributes = structuredClone(user.attributes);
  rep.createdTimestamp = user.createdTimestamp;
  rep.enabled = user.enabled;
  if (user.serviceAccountClientId) rep.serviceAccountClientId = user.serviceAccountClientId;
  rep.disableableCredentialTypes = [];
  rep.requiredActions = [...user.requiredActions];
  rep.notBefore = user.notBefore;
  return rep;
}
