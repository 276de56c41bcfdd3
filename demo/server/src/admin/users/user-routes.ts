import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { frontendUrl } from "../../http/frontend-url.ts";
import type { GroupRecord, UserRecord } from "../../store/types.ts";
import { adminContext, type AdminRequestContext } from "../../access/admin-context.ts";
import type { Db } from "../../store/db.ts";
import { clearLoginFailures } from "../../access/brute-force.ts";
import { newId, now } from "../../common/ids.ts";
import { admitCredentialPasswords, applyCredentialRepresentations } from "./credentials.ts";
import { readUpConfig } from "./profile-config.ts";
import { applyProfile, profileInput } from "./profile-attributes.ts";
import { profileMetadata } from "./profile-metadata.ts";
import { validateProfile } from "./profile-validation.ts";
import {
  federatedAttributesOf,
  isPermanentlyLockedOut,
  listedUser,
  profiledUserRepresentation,
  refuseFederatedChanges,
  userAccess,
} from "./representation.ts";
import { defaultRequiredActions, mergeRequiredActions } from "./required-actions.ts";
import { visibleUsersFilter } from "./visible-users.ts";
import { countUsers } from "./user-list.ts";
import { findUserPage } from "./user-page.ts";
import { removeUser } from "./user-removal.ts";
import { adminEvent } from "../common/admin-event.ts";
import { findGroupByPath } from "../common/group-path.ts";
import { findGroup, requireUser } from "../common/lookups.ts";
import { boolParam, paramsOf, queryOf } from "../common/query.ts";
import { objectBody } from "../common/body.ts";
import { badRequest, forbidden } from "../../http/errors.ts";
import { UserListQuery, UserSchema } from "./schemas.ts";
import {
  beforeFederatedUpdate,
  federatedReadOnlyAttributes,
  passwordToDirectory,
  registerInDirectory,
} from "../../federation/user-hooks.ts";
import { ListQuery } from "../common/schemas.ts";

const BASE = "/admin/realms/:realm/users";

/** The representation as admin events record it: credential values never leave the request. */
function eventRepresentation(rep: Record<string, unknown>) {
  const { credentials, ...rest } = rep;
  void credentials;
  return rest;
}

function federatedIdentitiesOf(rep: Record<string, unknown>): UserRecord["federatedIdentities"] {
  if (!Array.isArray(rep.federatedIdentities)) return [];
  return rep.federatedIdentities
    .filter(
      (f): f is Record<string, unknown> =>
        !!f && typeof f === "object" && typeof (f as Record<string, unknown>).identityProvider === "string",
    )
    .map((f) => ({
      identityProvider: String(f.identityProvider),
      userId: String(f.userId ?? ""),
      userName: String(f.userName ?? ""),
    }));
}

/** Holding one of these, Keycloak 26.7.3 looks groups up through its permission-filtered store. */
const QUERY_ROLES = ["query-users", "query-groups", "query-clients"] as const;

/**
 * Keycloak's UsersResource without manage on every user: a user created straight into groups (`groups`: paths of
 * existing groups) is allowed when the caller may manage the members and the membership of each of them; one group
 * it may not is a 403. A caller holding a query role finds only the groups it may view (view-members is not enough);
 * one holding none finds every group.
 */
function mayCreateGroupMembers(db: Db, ctx: AdminRequestContext, rep: Record<string, unknown>): boolean {
  const paths = Array.isArray(rep.groups) ? rep.groups.filter((path): path is string => typeof path === "string") : [];
  const filtered = QUERY_ROLES.some((role) => ctx.has(role));
  const groups = paths
    .map((path) => findGroupByPath(db, ctx.realm.id, path))
    .filter((group): group is GroupRecord => group !== undefined && (!filtered || ctx.mayGroup("view", group)));
  if (!groups.length) return false;
  for (const group of groups)
    if (!ctx.mayGroup("manage-members", group) || !ctx.mayGroup("manage-membership", group)) throw forbidden();
  return true;
}

export async function registerUserCrudRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  app.get(BASE, { schema: { querystring: UserListQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("query-users");
    const filter = visibleUsersFilter(ctx, queryOf(req));
    if (!filter) return [];
    const query = queryOf(req);
    const config = readUpConfig(server, ctx.realm);
    const brief = boolParam(query, "briefRepresentation") ?? false;
    const users = await findUserPage(server, ctx.realm, filter, query);
    return users.map((user) => listedUser(ctx, user, config, brief, federatedAttributesOf(server, user, config)));
  });

  app.get(`${BASE}/count`, { schema: { querystring: UserListQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("query-users");
    const filter = visibleUsersFilter(ctx, queryOf(req));
    return filter ? countUsers(server, ctx.realm, filter) : 0;
  });

  app.post(BASE, { schema: { body: UserSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const rep = objectBody(req.body);
    if (!ctx.mayAllUsers("manage") && !mayCreateGroupMembers(db, ctx, rep)) throw forbidden();
    const realm = ctx.realm;
    const config = readUpConfig(server, realm);
    const input = profileInput(rep, realm);
    validateProfile(db, realm, config, input, undefined);
    const groupIds = new Set(realm.defaultGroupIds.filter((id) => findGroup(db, realm, id)));
    if (Array.isArray(rep.groups)) {
      for (const path of rep.groups) {
        const group = typeof path === "string" ? findGroupByPath(db, realm.id, path) : undefined;
        if (!group) throw badRequest(`Unable to find group specified by path: ${String(path)}`);
        groupIds.add(group.id);
      }
    }
    const user: UserRecord = {
      id: newId(),
      realmId: realm.id,
      username: "",
      enabled: rep.enabled === true,
      emailVerified: rep.emailVerified === true,
      attributes: {},
      requiredActions: defaultRequiredActions(db, realm),
      createdTimestamp: now(),
      notBefore: 0,
      credentials: [],
      groupIds: [...groupIds],
      roleIds: db.get("roles", realm.defaultRoleId) ? [realm.defaultRoleId] : [],
      federatedIdentities: federatedIdentitiesOf(rep),
      consents: [],
    };
    if (typeof rep.federationLink === "string") user.federationLink = rep.federationLink;
    applyProfile(user, input, config, realm, true);
    user.requiredActions = mergeRequiredActions(db, realm, user.requiredActions, rep.requiredActions, false);
    await admitCredentialPasswords(realm, user, rep.credentials);
    applyCredentialRepresentations(user, rep.credentials);
    await registerInDirectory(server, realm, user);
    await passwordToDirectory(server, user, rep.credentials);
    await db.write((tx) => tx.put("users", user));
    await adminEvent(server, ctx, "CREATE", "USER", `users/${user.id}`, eventRepresentation(rep));
    return reply
      .status(201)
      .header(
        "Location",
        `${frontendUrl(server, req)}/admin/realms/${encodeURIComponent(realm.realm)}/users/${user.id}`,
      )
      .send();
  });

  app.get(`${BASE}/:id`, { schema: { querystring: ListQuery } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("view", user);
    const config = readUpConfig(server, ctx.realm);
    const federated = federatedAttributesOf(server, user, config);
    const rep: Record<string, unknown> = profiledUserRepresentation(user, config, federated);
    if (isPermanentlyLockedOut(server, ctx.realm, user)) rep.enabled = false;
    if (db.count("identityProviders", ctx.realm.id) > 0)
      rep.federatedIdentities = user.federatedIdentities.map(({ token: _token, ...f }) => f);
    rep.access = userAccess(ctx, user);
    if (boolParam(queryOf(req), "userProfileMetadata"))
      rep.userProfileMetadata = profileMetadata(
        config,
        ctx.realm,
        user,
        federatedReadOnlyAttributes(server, user),
        federated,
      );
    return rep;
  });

  app.put(`${BASE}/:id`, { schema: { body: UserSchema } }, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("manage", user);
    const before = structuredClone(user);
    const rep = objectBody(req.body);
    const realm = ctx.realm;
    const config = readUpConfig(server, realm);
    const input = profileInput(rep, realm, user);
    refuseFederatedChanges(user, input, federatedAttributesOf(server, user, config));
    validateProfile(db, realm, config, input, user);
    await admitCredentialPasswords(realm, user, rep.credentials, () => badRequest("Could not update user!"));
    if (rep.enabled === true) await clearLoginFailures(server, realm, user);
    applyProfile(user, input, config, realm, rep.attributes != null);
    if (typeof rep.enabled === "boolean") user.enabled = rep.enabled;
    if (typeof rep.emailVerified === "boolean") user.emailVerified = rep.emailVerified;
    user.requiredActions = mergeRequiredActions(db, realm, user.requiredActions, rep.requiredActions, true);
    applyCredentialRepresentations(user, rep.credentials);
    try {
      await beforeFederatedUpdate(server, before, user);
    } catch (error) {
      Object.assign(user, before);
      throw error;
    }
    await db.write((tx) => tx.put("users", user));
    await adminEvent(server, ctx, "UPDATE", "USER", `users/${user.id}`, eventRepresentation(rep));
    return reply.status(204).send();
  });

  app.delete(`${BASE}/:id`, async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("manage", user);
    await removeUser(server, ctx.realm, user);
    await adminEvent(server, ctx, "DELETE", "USER", `users/${user.id}`);
    return reply.status(204).send();
  });
}
