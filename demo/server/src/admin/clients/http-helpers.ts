import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { AdminRequestContext } from "../../access/admin-context.ts";
import type { AdminEventRecord } from "../../store/types.ts";
import { recordAdminEvent } from "../../events/record.ts";
import { badRequest } from "../../http/errors.ts";

export type Query = Record<string, string | string[] | undefined>;

export function paramsOf<K extends string>(req: FastifyRequest): Record<K | "realm", string> {
  return req.params as Record<K | "realm", string>;
}

export function queryParam(req: FastifyRequest, name: string): string | undefined {
  const value = ((req.query ?? {}) as Query)[name];
  return Array.isArray(value) ? value.at(-1) : value;
}

export function intQueryParam(req: FastifyRequest, name: string): number | undefined {
  const raw = queryParam(req, name);
  if (raw === undefined || raw === "") return undefined;
  const parsed = Number.parseInt(raw, 10);
  return Number.isNaN(parsed) ? undefined : parsed;
}

export function boolQueryParam(req: FastifyRequest, name: string, fallback: boolean): boolean {
  const raw = queryParam(req, name)?.toLowerCase();
  return raw === "true" ? true : raw === "false" ? false : fallback;
}

/** Keycloak's first/max paging; negative or missing values mean "from the start" / "no limit". */
export function page<T>(items: T[], first: number | undefined, max: number | undefined): T[] {
  const start = first !== undefined && first > 0 ? first : 0;
  const end = max !== undefined && max >= 0 ? start + max : undefined;
  return items.slice(start, end);
}

export function objectBody(req: FastifyRequest): Record<string, unknown> {
  const body = req.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("Invalid request body");
  return body as Record<string, unknown>;
}

export function arrayBody(req: FastifyRequest): Record<string, unknown>[] {
  const body = req.body;
  if (!Array.isArray(body)) throw badRequest("Invalid request body");
  return body.filter((item): item is Record<string, unknown> => !!item && typeof item === "object");
}

export const adminPath = (realmName: string, ...segments: string[]): string =>
  `/admin/realms/${encodeURIComponent(realmName)}/${segments.map(encodeURIComponent).join("/")}`;

/** 201 with the absolute Location header Keycloak sends, and no body. */
export function created(reply: FastifyReply, server: ServerContext, path: string): FastifyReply {
  return reply.status(201).header("location", `${server.config.publicUrl}${path}`).send();
}

export const noContent = (reply: FastifyReply): FastifyReply => reply.status(204).send();

/** Records the admin event of a successful mutation with the caller's auth details. */
export async function audit(
  server: ServerContext,
  ctx: AdminRequestContext,
  operationType: AdminEventRecord["operationType"],
  resourceType: string,
  resourcePath: string,
  representation?: unknown,
): Promise<void> {
  // Keycloak records the internal id of the token's client.
  let authClientId = ctx.clientId;
  for (const client of server.db.iterate("clients", ctx.authRealm.id)) {
    if (client.clientId === ctx.clientId) authClientId = client.id;
  }
  await recordAdminEvent(server, ctx.realm, {
    operationType,
    resourceType,
    resourcePath,
    representation,
    authDetails: { realmId: ctx.authRealm.id, clientId: authClientId, userId: ctx.user.id, ipAddress: ctx.ipAddress },
  });
}
