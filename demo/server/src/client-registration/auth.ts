import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../context.ts";
import type { ClientInitialAccessRecord, ClientRecord, RealmRecord } from "../store/types.ts";
import { isRevokedToken } from "../oidc/revoked-tokens.ts";
import { tokenUserId } from "../access/token-user.ts";
import { adminRoleNames, managementClient } from "../access/permissions.ts";
import { clientByClientId } from "../oidc/lookup.ts";
import { invalidToken, insufficientScope, clientNotFound } from "./errors.ts";
import {
  INITIAL_ACCESS_TOKEN,
  REGISTRATION_ACCESS_TOKEN,
  verifyRegistrationToken,
  type RegistrationAuth,
  type RegistrationTokenPayload,
} from "./tokens.ts";

/** The token a registration request carries, once verified (Keycloak's ClientRegistrationAuth.init). */
export interface RegistrationCaller {
  token?: string;
  payload?: RegistrationTokenPayload;
  initialAccess?: ClientInitialAccessRecord;
  /** For a user's access token: the realm's management roles the user holds (through the token's client's scope). */
  managementRoles?: Set<string>;
}

/** Reads and verifies the bearer token; no Authorization header, or a scheme other than Bearer, is an anonymous call. */
export async function registrationCaller(
  server: ServerContext,
  req: FastifyRequest,
  realm: RealmRecord,
  issuer: string,
): Promise<RegistrationCaller> {
  const [scheme, token] = (req.headers.authorization ?? "").split(" ");
  if (!scheme || scheme.toLowerCase() !== "bearer") return {};
  const payload = token ? await verifyRegistrationToken(server, realm, issuer, token) : undefined;
  if (!payload || isRevokedToken(server, payload.jti)) throw invalidToken("Failed decode token");
  if (payload.typ === "Bearer") return { token, payload, managementRoles: managementRolesOf(server, realm, payload) };
  if (payload.typ !== INITIAL_ACCESS_TOKEN) return { token, payload };
  const stored = server.db.get("realms", realm.id) ?? realm;
  const initialAccess = (stored.clientInitialAccess ?? []).find((entry) => entry.id === payload.jti);
  if (!initialAccess) throw invalidToken("Initial Access Token not found");
  return { token, payload, initialAccess };
}

/**
 * The management roles (master-realm's own client for master, realm-management otherwise) of the token's user, read
 * from the roles they hold now, as Keycloak does: a lightweight access token lists none.
 */
function managementRolesOf(server: ServerContext, realm: RealmRecord, payload: RegistrationTokenPayload): Set<string> {
  const userId = tokenUserId(server.db, realm, payload);
  const user = userId ? server.db.get("users", userId) : undefined;
  if (!user || user.realmId !== realm.id) return new Set();
  const tokenClient = typeof payload.azp === "string" ? clientByClientId(server.db, realm, payload.azp) : undefined;
  return adminRoleNames(server.db, user, tokenClient, managementClient(server.db, realm, realm));
}

/** Whether the caller's user holds one of these management roles. */
const hasManagementRole = (caller: RegistrationCaller, roles: string[]): boolean =>
  roles.some((role) => caller.managementRoles?.has(role));

const isType = (caller: RegistrationCaller, type: string) => caller.payload?.typ === type;

/** Who may register: anonymous, an initial access token with uses left and unexpired, or a manage/create-client user. */
export function requireCreate(caller: RegistrationCaller): RegistrationAuth {
  if (isType(caller, "Bearer")) {
    if (!hasManagementRole(caller, ["manage-clients", "create-client"])) throw insufficientScope();
    return "authenticated";
  }
  const entry = caller.initialAccess;
  if (!entry) return "anonymous";
  if (entry.remainingCount <= 0) throw invalidToken("No remaining count on initial access token");
  if (entry.expiration !== 0 && entry.timestamp + entry.expiration <= Math.floor(Date.now() / 1000))
    throw invalidToken("Expired initial access token");
  return "authenticated";
}

const holdsRegistrationToken = (caller: RegistrationCaller, client: ClientRecord | undefined) =>
  isType(caller, REGISTRATION_ACCESS_TOKEN) &&
  client?.registrationTokenId !== undefined &&
  client.registrationTokenId === caller.payload?.jti;

const registrationAuthOf = (caller: RegistrationCaller): RegistrationAuth =>
  caller.payload?.registration_auth === "authenticated" ? "authenticated" : "anonymous";

/** Reading a client: a user with manage- or view-clients, or the client's current registration access token. */
export function requireView(caller: RegistrationCaller, client: ClientRecord | undefined) {
  if (isType(caller, "Bearer")) {
    if (!hasManagementRole(caller, ["manage-clients", "view-clients"])) throw insufficientScope();
    if (!client) throw clientNotFound();
    return { client, auth: "authenticated" as RegistrationAuth };
  }
  if (holdsRegistrationToken(caller, client)) return { client: client!, auth: registrationAuthOf(caller) };
  if (isType(caller, INITIAL_ACCESS_TOKEN)) throw invalidToken("Not initial access token allowed");
  throw invalidToken("Not authorized to view client. Not valid token or client credentials provided.");
}

/** Changing or deleting a client: a user with manage-clients, or the client's current registration access token. */
export function requireUpdate(caller: RegistrationCaller, client: ClientRecord | undefined) {
  if (isType(caller, "Bearer")) {
    if (!hasManagementRole(caller, ["manage-clients"])) throw insufficientScope();
    if (!client) throw clientNotFound();
    return { client, auth: "authenticated" as RegistrationAuth };
  }
  if (holdsRegistrationToken(caller, client)) return { client: client!, auth: registrationAuthOf(caller) };
  throw invalidToken("Not authorized to update client. Maybe missing token or bad token type.");
}
