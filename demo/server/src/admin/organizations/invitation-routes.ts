import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { OrganizationRecord, RealmRecord } from "../../store/types.ts";
import { notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { intParam, page, paramsOf, queryOf, stringParam } from "../common/query.ts";
import { noContent } from "../common/reply.ts";
import { organizationPath, organizationsContext, requireOrganization } from "./lookup.ts";
import { InvitationListQuery } from "./schemas.ts";

const BASE = "/admin/realms/:realm/organizations/:id/invitations";

type Invitation = NonNullable<OrganizationRecord["invitations"]>[number];

/** Invitations live as long as the action tokens Keycloak mails for them (actionTokenGeneratedByAdminLifespan, 12 hours by default). */
function lifespanSeconds(realm: RealmRecord): number {
  const value = Number(realm.settings.actionTokenGeneratedByAdminLifespan);
  return Number.isFinite(value) && value > 0 ? value : 43200;
}

function invitationStatus(realm: RealmRecord, invitation: Invitation): "PENDING" | "EXPIRED" {
  return invitation.sentDate + lifespanSeconds(realm) * 1000 < Date.now() ? "EXPIRED" : "PENDING";
}

/** Keycloak's OrganizationInvitationRepresentation; times in seconds since the epoch. */
function invitationRepresentation(realm: RealmRecord, org: OrganizationRecord, invitation: Invitation) {
  const sentDate = Math.floor(invitation.sentDate / 1000);
  const rep: Record<string, unknown> = { id: invitation.id, email: invitation.email };
  if (invitation.firstName !== undefined) rep.firstName = invitation.firstName;
  if (invitation.lastName !== undefined) rep.lastName = invitation.lastName;
  return {
    ...rep,
    organizationId: org.id,
    sentDate,
    expiresAt: sentDate + lifespanSeconds(realm),
    status: invitationStatus(realm, invitation),
  };
}

const containsIgnoreCase = (text: string | undefined, term: string) =>
  !!text && text.toLowerCase().includes(term.toLowerCase());

export async function registerOrganizationInvitationRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const context = async (req: FastifyRequest) => {
    const ctx = await organizationsContext(server, req);
    return { ctx, org: requireOrganization(server, ctx, paramsOf<"id">(req).id) };
  };
  const requireInvitation = (org: OrganizationRecord, id: string) => {
    const invitation = org.invitations?.find((i) => i.id === id);
    if (!invitation) throw notFound("Invitation not found");
    return invitation;
  };

  app.get(BASE, { schema: { querystring: InvitationListQuery } }, async (req) => {
    const { ctx, org } = await context(req);
    const query = queryOf(req);
    const status = stringParam(query, "status")?.toUpperCase();
    const email = stringParam(query, "email");
    const search = stringParam(query, "search");
    const firstName = stringParam(query, "firstName");
    const lastName = stringParam(query, "lastName");
    const matching = (org.invitations ?? [])
      .filter((i) => !status || invitationStatus(ctx.realm, i) === status)
      .filter((i) => !email || containsIgnoreCase(i.email, email))
      .filter((i) => !firstName || containsIgnoreCase(i.firstName, firstName))
      .filter((i) => !lastName || containsIgnoreCase(i.lastName, lastName))
      .filter((i) => !search || [i.email, i.firstName, i.lastName].some((v) => containsIgnoreCase(v, search)));
    return page(matching, intParam(query, "first"), intParam(query, "max")).map((i) =>
      invitationRepresentation(ctx.realm, org, i),
    );
  });

  app.get(`${BASE}/:invitationId`, async (req) => {
    const { ctx, org } = await context(req);
    return invitationRepresentation(ctx.realm, org, requireInvitation(org, paramsOf<"invitationId">(req).invitationId));
  });

  app.delete(`${BASE}/:invitationId`, async (req, reply) => {
    const { ctx, org } = await context(req);
    const invitation = requireInvitation(org, paramsOf<"invitationId">(req).invitationId);
    await server.db.write((tx) =>
      tx.put("organizations", { ...org, invitations: (org.invitations ?? []).filter((i) => i.id !== invitation.id) }),
    );
    await adminEvent(server, ctx, "DELETE", "ORGANIZATION", organizationPath(org.id, "invitations", invitation.id));
    return noContent(reply);
  });
}
