import type { FastifyReply } from "fastify";
import type { ServerContext } from "../../context.ts";
import { frontendUrl } from "../../http/frontend-url.ts";

/** `/admin/realms/{realm}/{segments...}`, each segment URL-encoded. */
export const adminPath = (realmName: string, ...segments: string[]): string =>
  `/admin/realms/${encodeURIComponent(realmName)}/${segments.map(encodeURIComponent).join("/")}`;

/** 201 with the absolute Location header Keycloak sends, and no body. */
export function created(reply: FastifyReply, server: ServerContext, path: string): FastifyReply {
  return reply
    .status(201)
    .header("location", `${frontendUrl(server, reply.request)}${path}`)
    .send();
}

export const noContent = (reply: FastifyReply): FastifyReply => reply.status(204).send();
