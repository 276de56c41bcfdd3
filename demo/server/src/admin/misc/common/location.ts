import type { FastifyReply } from "fastify";
import type { ServerContext } from "../../../context.ts";

/** Answers 201 with Keycloak's absolute Location header and an empty body. */
export function created(reply: FastifyReply, server: ServerContext, path: string): FastifyReply {
  return reply.status(201).header("location", `${server.config.publicUrl}${path}`).send();
}

export function noContent(reply: FastifyReply): FastifyReply {
  return reply.status(204).send();
}

export const adminPath = (realmName: string, ...segments: string[]): string =>
  `/admin/realms/${encodeURIComponent(realmName)}/${segments.map(encodeURIComponent).join("/")}`;
