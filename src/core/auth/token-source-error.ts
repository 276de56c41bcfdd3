import { decodeTokenClaims } from "./token-claims.ts";

/** The host's token provider (or keycloak-js) failed or gave no token: nothing was sent to the server. */
export class TokenSourceError extends Error {
  /** 401 when the token was already expired: the answer any server gives it, told without asking one. */
  readonly status?: number;

  constructor(message: string, options?: { cause?: unknown; status?: number }) {
    super(message, options);
    this.name = "TokenSourceError";
    if (options?.status) this.status = options.status;
  }
}

/**
 * Reads a token and turns a failure, an empty answer or an expired token into a TokenSourceError. An expired token
 * is caught here, by its `exp` claim: Keycloak refuses it with a 401 that carries no CORS headers, which a page on
 * another origin cannot tell from a network failure.
 */
export async function requireToken(read: () => Promise<string | undefined | null>, source: string): Promise<string> {
  let token: string | undefined | null;
  try {
    token = await read();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TokenSourceError(`${source} failed: ${reason}`, { cause: error });
  }
  if (!token) throw new TokenSourceError(`${source} gave no token`);
  const exp = decodeTokenClaims(token)?.exp;
  if (typeof exp === "number" && exp * 1000 <= Date.now())
    throw new TokenSourceError(`${source} gave a token that expired at ${new Date(exp * 1000).toISOString()}`, {
      status: 401,
    });
  return token;
}
