import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { OrganizationRecord, UserRecord } from "../../store/types.ts";
import { newId, now } from "../../common/ids.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { stringBody } from "../common/body.ts";
import { adminPath, created, noContent } from "../common/reply.ts";
import { boolParam, intParam, page, paramsOf, queryOf, stringParam } from "../common/query.ts";
import { memberRepresentation, userRepresentation } from "../common/user-representation.ts";
import { organizationPath, organizationsContext, requireOrganization } from "./lookup.ts";
import { organizationRepresentation } from "./representation.ts";
import { userIdsByEmail } from "../users/username-index.ts";
import { BriefQuery, InviteExistingUserForm, InviteUserForm, MemberListQuery } from "./schemas.ts";
import { mailInvitation } from "./invitation-mail.ts";
import { IdBody } from "../common/schemas.ts";

const BASE = "/admin/realms/:realm/organizations/:id/members";

function matchesSearch(user: UserRecord, search: string, exact: boolean): boolean {
  const needle = search.toLowerCase();
  const values = [user.username, user.email, user.firstName, user.lastName].map((v) => v?.toLowerCase());
  return values.some((v) => v !== undefined && (exact ? v === needle : v.includes(needle)));
}

function members(
  server: ServerContext,
  org: OrganizationRecord,
  req: FastifyRequest,
): { user: UserRecord; membershipType: string }[] {
  const query = queryOf(req);
  const search = stringParam(query, "search")?.trim();
  const exact = boolParam(query, "exact") ?? false;
  const membershipType = stringParam(query, "membershipType")?.toUpperCase();
  const found: { user: UserRecord; membershipType: string }[] = [];
  for (const [userId, type] of Object.entries(org.members)) {
    const user = server.db.get("users", userId);
    if (!user) continue;
    if (membershipType && type !== membershipType) continue;
    if (search && !matchesSearch(user, search, exact)) continue;
    found.push({ user, membershipType: type });
  }
  return found.sort((a, b) => a.user.username.localeCompare(b.user.username));
}

function formField(body: unknown, ...names: string[]): string | undefined {
  const form = (body ?? {}) as Record<string, unknown>;
  for (const name of names) if (typeof form[name] === "string" && form[name]) return (form[name] as string).trim();
  return undefined;
}

export async function registerOrganizationMemberRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const context = async (req: FastifyRequest) => {
    const ctx = await organizationsContext(server, req);
    return { ctx, org: requireOrganization(server, ctx, paramsOf<"id">(req).id) };
  };
  const realmUser = (realmId: string, id: string | undefined) => {
    const user = id ? server.db.get("users", id) : undefined;
    return user && user.realmId === realmId ? user : undefined;
  };

  app.get(BASE, { schema: { querystring: MemberListQuery } }, async (req) => {
    const { org } = await context(req);
    const query = queryOf(req);
    const brief = boolParam(query, "briefRepresentation") ?? true;
    return page(members(server, org, req), intParam(query, "first", 0), intParam(query, "max", 10)).map(
      ({ user, membershipType }) => ({
        ...memberRepresentation(user, brief),
        membershipType,
      }),
    );
  });

  app.get(`${BASE}/count`, async (req) => {
    const { org } = await context(req);
    return Object.keys(org.members).filter((id) => server.db.get("users", id)).length;
  });

  app.post(BASE, { schema: { body: IdBody } }, async (req, reply) => {
    const { ctx, org } = await context(req);
    const user = realmUser(ctx.realm.id, stringBody(req.body));
    if (!user) throw badRequest("User does not exist");
    if (user.id in org.members) throw conflict("User is already a member of the organization.");
    await server.db.write((tx) =>
      tx.put("organizations", { ...org, members: { ...org.members, [user.id]: "UNMANAGED" } }),
    );
    await adminEvent(
      server,
      ctx,
      "CREATE",
      "ORGANIZATION_MEMBERSHIP",
      organizationPath(org.id, "members", user.id),
      userRepresentation(user),
    );
    return created(reply, server, adminPath(ctx.realm.realm, "organizations", org.id, "members", user.id));
  });

  app.get(`${BASE}/:userId`, async (req) => {
    const { org } = await context(req);
    const { userId } = paramsOf<"userId">(req);
    const user = server.db.get("users", userId);
    if (!user || !(userId in org.members)) throw notFound();
    return { ...userRepresentation(user), membershipType: org.members[userId] };
  });

  app.delete(`${BASE}/:userId`, async (req, reply) => {
    const { ctx, org } = await context(req);
    const { userId } = paramsOf<"userId">(req);
    if (!(userId in org.members) || !server.db.get("users", userId)) throw notFound();
    const { [userId]: _removed, ...remaining } = org.members;
    await server.db.write((tx) => tx.put("organizations", { ...org, members: remaining }));
    await adminEvent(server, ctx, "DELETE", "ORGANIZATION_MEMBERSHIP", organizationPath(org.id, "members", userId));
    return noContent(reply);
  });

  app.get(`${BASE}/:userId/organizations`, { schema: { querystring: BriefQuery } }, async (req) => {
    const { ctx, org } = await context(req);
    const { userId } = paramsOf<"userId">(req);
    if (!(userId in org.members) || !realmUser(ctx.realm.id, userId)) throw notFound();
    const brief = boolParam(queryOf(req), "briefRepresentation") ?? true;
    return server.db
      .list("organizations", ctx.realm.id)
      .filter((o) => userId in o.members)
      .map((o) => organizationRepresentation(o, brief));
  });

  // An invitation is mailed through the realm's SMTP settings, then recorded.
  app.post(`${BASE}/invite-user`, { schema: { body: InviteUserForm } }, async (req, reply) => {
    const { ctx, org } = await context(req);
    const email = formField(req.body, "email")?.toLowerCase();
    if (!email) throw badRequest("To invite a member you need to provide an email and/or an id");
    const [existingId] = userIdsByEmail(server.db, ctx.realm.id, email);
    const existing = existingId ? server.db.get("users", existingId) : undefined;
    if (existing && existing.id in org.members) throw conflict("User already a member of the organization");
    const invitation = {
      id: newId(),
      email,
      firstName: formField(req.body, "firstName", "first-name"),
      lastName: formField(req.body, "lastName", "last-name"),
      userId: existing?.id,
      sentDate: now(),
    };
    await mailInvitation(req, ctx.realm, org, invitation);
    await server.db.write((tx) =>
      tx.put("organizations", { ...org, invitations: [...(org.invitations ?? []), invitation] }),
    );
    await adminEvent(
      server,
      ctx,
      "ACTION",
      "ORGANIZATION_MEMBERSHIP",
      organizationPath(org.id, "members", "invite-user"),
      invitation,
    );
    return noContent(reply);
  });

  app.post(`${BASE}/invite-existing-user`, { schema: { body: InviteExistingUserForm } }, async (req, reply) => {
    const { ctx, org } = await context(req);
    const user = realmUser(ctx.realm.id, formField(req.body, "id"));
    if (!user) throw badRequest("User does not exist");
    if (user.id in org.members) throw conflict("User already a member of the organization");
    const invitation = {
      id: newId(),
      email: user.email ?? "",
      firstName: user.firstName,
      lastName: user.lastName,
      userId: user.id,
      sentDate: now(),
    };
    await mailInvitation(req, ctx.realm, org, invitation);
    await server.db.write((tx) =>
      tx.put("organizations", { ...org, invitations: [...(org.invitations ?? []), invitation] }),
    );
    await adminEvent(
      server,
      ctx,
      "ACTION",
      "ORGANIZATION_MEMBERSHIP",
      organizationPath(org.id, "members", "invite-existing-user"),
      invitation,
    );
    return noContent(reply);
  });
}
