import { IMPORT_BODY_MAX_DEPTH } from "../../http/body-limits.ts";
import type { FastifyInstance } from "fastify";
import { boolParam, queryOf } from "../common/query.ts";
import type { ServerContext } from "../../context.ts";
import { frontendUrl } from "../../http/frontend-url.ts";
import { adminContext, contextIn, type AdminPermission, type AdminRequestContext } from "../../access/admin-context.ts";
import { authenticateBearer } from "../../access/authenticate.ts";
import { userEffectiveRoleIds } from "../../access/roles.ts";
import { badRequest, forbidden } from "../../http/errors.ts";
import { createRealm } from "../../realm/new-realm.ts";
import { deleteRealm } from "../../realm/delete.ts";
import { MASTER_REALM, realmByName, realmRoleByName } from "../../realm/lookup.ts";
import {
  briefRealmRepresentation,
  limitedRealmRepresentation,
  realmRepresentation,
} from "../../realm/realm-representation.ts";
import { withMaskedSmtpPassword } from "../../realm/smtp-password.ts";
import { putUpdatedRealm, updatedRealm } from "../../realm/update.ts";
import type { RealmRep } from "../../realm/representation.ts";
import { REALM_MANAGEMENT_ROLES } from "../../realm/template.ts";
import { adminEvent } from "../common/admin-event.ts";
import { BriefQuery, RealmSchema } from "./schemas.ts";

type RealmParams = { Params: { realm: string } };

const ANY_ADMIN_PERMISSION = REALM_MANAGEMENT_ROLES as unknown as AdminPermission[];

export async function registerRealmCrudRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  app.get<{ Querystring: { briefRepresentation?: string } }>(
    "/admin/realms",
    { schema: { querystring: BriefQuery } },
    async (req) => {
      await authenticateBearer(server, req);
      const brief = boolParam(queryOf(req), "briefRepresentation") === true;
      const reps: unknown[] = [];
      for (const realm of db.all("realms")) {
        const ctx = await contextIn(server, req, realm.realm);
        if (!ctx) continue;
        if (ctx.has("view-realm"))
          reps.push(brief ? briefRealmRepresentation(realm) : withMaskedSmtpPassword(realmRepresentation(db, realm)));
        else if (ANY_ADMIN_PERMISSION.some((p) => ctx.has(p))) reps.push({ id: realm.id, realm: realm.realm });
      }
      if (!reps.length) throw forbidden();
      return reps;
    },
  );

  app.post<{ Body: RealmRep | undefined }>(
    "/admin/realms",
    { schema: { body: RealmSchema }, config: { bodyMaxDepth: IMPORT_BODY_MAX_DEPTH } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, MASTER_REALM);
      const createRealmRole = realmRoleByName(db, ctx.authRealm.id, "create-realm");
      if (
        ctx.authRealm.realm !== MASTER_REALM ||
        !createRealmRole ||
        !userEffectiveRoleIds(db, ctx.user).has(createRealmRole.id) ||
        !ctx.inTokenScope(createRealmRole.id)
      )
        throw forbidden();
      const rep = req.body;
      if (!rep) throw badRequest("Invalid realm representation");
      const realm = await createRealm(server, rep);
      await grantCreatorAdminRoles(server, ctx, realm.realm);
      return reply
        .status(201)
        .header("Location", `${frontendUrl(server, req)}/admin/realms/${encodeURIComponent(realm.realm)}`)
        .send();
    },
  );

  app.get<RealmParams>("/admin/realms/:realm", async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    if (ctx.has("view-realm")) return withMaskedSmtpPassword(realmRepresentation(db, ctx.realm));
    ctx.requireAny(...ANY_ADMIN_PERMISSION);
    return limitedRealmRepresentation(ctx.realm);
  });

  app.put<RealmParams & { Body: RealmRep | undefined }>(
    "/admin/realms/:realm",
    { schema: { body: RealmSchema } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, req.params.realm);
      ctx.require("manage-realm");
      await updateRealm(server, ctx, req.body ?? {});
      return reply.status(204).send();
    },
  );

  app.delete<RealmParams>("/admin/realms/:realm", async (req, reply) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("manage-realm");
    if (ctx.realm.realm === MASTER_REALM) throw badRequest("Can't delete master realm");
    await deleteRealm(server, ctx.realm);
    return reply.status(204).send();
  });
}

/** PUT /admin/realms/{realm}'s change: the realm as the representation leaves it, with its admin event. */
export async function updateRealm(server: ServerContext, ctx: AdminRequestContext, rep: RealmRep): Promise<void> {
  const { db } = server;
  const after = await db.write((tx) => {
    const before = db.get("realms", ctx.realm.id) ?? ctx.realm;
    const updated = updatedRealm(db, before, rep);
    putUpdatedRealm(db, tx, before, updated);
    return updated;
  });
  await adminEvent(server, ctx, "UPDATE", "REALM", "", rep, after);
}

/**
 * Keycloak gives a realm's creator every role of the new `X-realm` client unless
 * they already hold master's admin role.
 */
async function grantCreatorAdminRoles(
  server: ServerContext,
  ctx: AdminRequestContext,
  realmName: string,
): Promise<void> {
  const { db } = server;
  const admin = realmRoleByName(db, ctx.authRealm.id, "admin");
  if (admin && userEffectiveRoleIds(db, ctx.user).has(admin.id)) return;
  const master = realmByName(db, MASTER_REALM)!;
  const client = [...db.iterate("clients", master.id)].find((c) => c.clientId === `${realmName}-realm`);
  if (!client) return;
  const roleIds = [...db.iterate("roles", master.id)].filter((r) => r.clientId === client.id).map((r) => r.id);
  const user = ctx.user;
  await db.write((tx) => tx.put("users", { ...user, roleIds: [...new Set([...user.roleIds, ...roleIds])] }));
}
