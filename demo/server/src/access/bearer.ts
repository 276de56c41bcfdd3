import type { FastifyRequest } from "fastify";

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/** The access token of `Authorization: Bearer <token>` or `Authorization: DPoP <token>` (RFC 9449). */
export function accessTokenCredentials(req: FastifyRequest): { token: string; dpop: boolean } | undefined {
  const match = /^(bearer|dpop)\s+(\S+)$/i.exec(req.headers.authorization?.trim() ?? "");
  return match ? { token: match[2]!, dpop: match[1]!.toLowerCase() === "dpop" } : undefined;
}
