import type { FastifyRequest } from "fastify";

/**
 * The realm named by the bearer token's issuer, read without verifying it;
 * adminContext() verifies the token afterwards.
 */
export function tokenRealmName(req: FastifyRequest): string | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const payload = token?.split(".")[1];
  if (!payload) return undefined;
  try {
    const { iss } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { iss?: unknown };
    return typeof iss === "string"
      ? decodeURIComponent(/\/realms\/([^/]+)$/.exec(iss)?.[1] ?? "") || undefined
      : undefined;
  } catch {
    return undefined;
  }
}
