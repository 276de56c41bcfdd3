import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { UserRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { notFound, webError } from "../../http/errors.ts";
import {
  admitPassword,
  credentialRepresentation,
  moveCredential,
  setPassword,
  sortedCredentials,
} from "./credentials.ts";
import { adminEvent } from "../common/admin-event.ts";
import { requireUser } from "../common/lookups.ts";
import { paramsOf } from "../common/query.ts";
import { NoBody } from "../common/schemas.ts";
import { CredentialSchema, CredentialTypeList, LabelBody } from "./schemas.ts";
import { beforeFederatedPassword } from "../../federation/user-hooks.ts";

const USER = "/admin/realms/:realm/users/:id";

export async function registerCredentialRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;

  const managedUser = async (req: FastifyRequest, scope: "manage" | "reset-password" = "manage") => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser(scope, user);
    return { ctx, user };
  };
  const save = (user: UserRecord) => db.write((tx) => tx.put("users", user));
  const requireCredential = (user: UserRecord, credentialId: string) => {
    const credential = user.credentials.find((c) => c.id === credentialId);
    if (!credential) throw notFound("Credential not found");
    return credential;
  };

  app.get(`${USER}/credentials`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(db, ctx, paramsOf(req).id);
    ctx.requireUser("view", user);
    return sortedCredentials(user).map(credentialRepresentation);
  });

  app.delete(`${USER}/credentials/:credentialId`, async (req, reply) => {
    const { ctx, user } = await managedUser(req);
    const credential = requireCredential(user, paramsOf(req).credentialId);
    user.credentials = user.credentials.filter((c) => c !== credential);
    await save(user);
    await adminEvent(server, ctx, "ACTION", "USER", `users/${user.id}/credentials/${credential.id}`);
    return reply.status(204).send();
  });

  app.put(`${USER}/credentials/:credentialId/userLabel`, { schema: { body: LabelBody } }, async (req, reply) => {
    const { ctx, user } = await managedUser(req);
    const credential = requireCredential(user, paramsOf(req).credentialId);
    const label = typeof req.body === "string" ? req.body : "";
    if (label.trim() === "") delete credential.userLabel;
    else credential.userLabel = label;
    await save(user);
    await adminEvent(server, ctx, "ACTION", "USER", `users/${user.id}/credentials/${credential.id}/userLabel`);
    return reply.status(204).send();
  });

  app.post(`${USER}/credentials/:credentialId/moveToFirst`, { schema: { body: NoBody } }, async (req, reply) => {
    const { ctx, user } = await managedUser(req);
    const credentialId = paramsOf(req).credentialId;
    requireCredential(user, credentialId);
    moveCredential(user, credentialId, undefined);
    await save(user);
    await adminEvent(server, ctx, "ACTION", "USER", `users/${user.id}/credentials/${credentialId}/moveToFirst`);
    return reply.status(204).send();
  });

  app.post(
    `${USER}/credentials/:credentialId/moveAfter/:newPreviousCredentialId`,
    { schema: { body: NoBody } },
    async (req, reply) => {
      const { ctx, user } = await managedUser(req);
      const { credentialId, newPreviousCredentialId } = paramsOf(req);
      requireCredential(user, credentialId);
      requireCredential(user, newPreviousCredentialId);
      moveCredential(user, credentialId, newPreviousCredentialId);
      await save(user);
      await adminEvent(
        server,
        ctx,
        "ACTION",
        "USER",
        `users/${user.id}/credentials/${credentialId}/moveAfter/${newPreviousCredentialId}`,
      );
      return reply.status(204).send();
    },
  );

  app.put(`${USER}/reset-password`, { schema: { body: CredentialSchema } }, async (req, reply) => {
    const { ctx, user } = await managedUser(req, "reset-password");
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.value !== "string") throw webError(400, "No password provided");
    if (body.value.trim() === "") throw webError(400, "Empty password");
    await admitPassword(ctx.realm, user, body.value);
    // A WRITABLE directory keeps the password; Keycloak stores no local copy then.
    if (!(await beforeFederatedPassword(server, user, body.value)))
      setPassword(user, body.value, body.temporary === true);
    await save(user);
    await adminEvent(server, ctx, "ACTION", "USER", `users/${user.id}/reset-password`);
    return reply.status(204).send();
  });

  app.put(`${USER}/disable-credential-types`, { schema: { body: CredentialTypeList } }, async (req, reply) => {
    const { ctx, user } = await managedUser(req);
    const types = Array.isArray(req.body)
      ? (req.body as unknown[]).filter((t): t is string => typeof t === "string" && t !== "password")
      : [];
    user.credentials = user.credentials.filter((c) => !types.includes(c.type));
    await save(user);
    await adminEvent(server, ctx, "ACTION", "USER", `users/${user.id}/disable-credential-types`, types);
    return reply.status(204).send();
  });

  app.put(`${USER}/remove-totp`, { schema: { body: NoBody } }, async (req, reply) => {
    const { ctx, user } = await managedUser(req);
    user.credentials = user.credentials.filter((c) => c.type !== "otp");
    await save(user);
    await adminEvent(server, ctx, "ACTION", "USER", `users/${user.id}/remove-totp`);
    return reply.status(204).send();
  });

  app.get(`${USER}/configured-user-storage-credential-types`, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.requireUser("view", requireUser(db, ctx, paramsOf(req).id));
    return [];
  });
}
