import type { ServerContext } from "../context.ts";
import type { FederatedIdentityRecord, IdentityProviderRecord, RealmRecord, UserRecord } from "../store/types.ts";
import { clientByClientId } from "../oidc/lookup.ts";

export const BROKER_CLIENT_ID = "broker";
export const READ_TOKEN_ROLE = "read-token";

/** A federated identity link, with the provider's token when the provider stores tokens ("Store tokens"). */
export function federatedLink(
  idp: IdentityProviderRecord,
  userId: string,
  userName: string,
  token: string | undefined,
): FederatedIdentityRecord {
  return {
    identityProvider: idp.alias,
    userId,
    userName,
    ...(idp.rep.storeToken === true && token !== undefined ? { token } : {}),
  };
}

/** The user with the provider's latest token on its link (Keycloak updates it at every sign-in when storing tokens). */
export function withStoredToken(user: UserRecord, idp: IdentityProviderRecord, token: string | undefined): UserRecord {
  if (idp.rep.storeToken !== true || token === undefined) return user;
  return {
    ...user,
    federatedIdentities: user.federatedIdentities.map((f) => (f.identityProvider === idp.alias ? { ...f, token } : f)),
  };
}

/** The broker client's read-token role, which "Stored tokens readable" grants to users this provider creates. */
export function readTokenRoleId(server: ServerContext, realm: RealmRecord): string | undefined {
  const broker = clientByClientId(server.db, realm, BROKER_CLIENT_ID);
  if (!broker) return undefined;
  return server.db.list("roles", realm.id).find((role) => role.clientId === broker.id && role.name === READ_TOKEN_ROLE)
    ?.id;
}

/** A new user's direct roles, with broker/read-token when the provider has "Stored tokens readable" on. */
export function rolesForNewUser(server: ServerContext, realm: RealmRecord, idp: IdentityProviderRecord): string[] {
  if (idp.rep.addReadTokenRoleOnCreate !== true) return [];
  const roleId = readTokenRoleId(server, realm);
  return roleId ? [roleId] : [];
}
