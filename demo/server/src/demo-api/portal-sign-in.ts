import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { UserRecord } from "../store/types.ts";
import { realmByName, userByLogin } from "../oidc/lookup.ts";
import { verifyUserPassword } from "../access/passwords.ts";
import { clearLoginFailures, isLockedOut, recordLoginFailure } from "../access/brute-force.ts";

/** Keycloak's login page texts for the same outcomes. */
export const INVALID_USER = "Invalid username or password.";
export const ACCOUNT_DISABLED = "Account is disabled, contact your administrator.";
export const ACCOUNT_NOT_SET_UP = "Account is not fully set up";

export type PortalSignIn = { user: UserRecord } | { error: string };

/**
 * Checks a portal visitor's user name (or e-mail) and password against a realm with the server's own
 * credential code, counting failures for brute-force detection as a Keycloak login does.
 */
export async function checkPortalSignIn(
  server: ServerContext,
  req: FastifyRequest,
  realmName: string,
  login: string,
  password: string,
): Promise<PortalSignIn> {
  const realm = realmByName(server.db, realmName);
  const user = realm && login ? userByLogin(server.db, realm, login) : undefined;
  if (!realm || !user) return { error: INVALID_USER };
  if (!user.enabled) return { error: ACCOUNT_DISABLED };
  if (isLockedOut(server, realm, user)) return { error: INVALID_USER };
  if (!(await verifyUserPassword(user, password))) {
    await recordLoginFailure(server, realm, user, req.ip);
    return { error: INVALID_USER };
  }
  if (user.requiredActions.length > 0) return { error: ACCOUNT_NOT_SET_UP };
  await clearLoginFailures(server, realm, user);
  return { user };
}
