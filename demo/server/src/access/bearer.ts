import type { FastifyRequest } from "fastify";

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}
