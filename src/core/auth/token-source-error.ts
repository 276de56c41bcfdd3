/** The host's token provider (or keycloak-js) failed or gave no token: nothing was sent to the server. */
export class TokenSourceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TokenSourceError";
  }
}

/** Reads a token and turns a failure or an empty answer into a TokenSourceError. */
export async function requireToken(read: () => Promise<string | undefined | null>, source: string): Promise<string> {
  let token: string | undefined | null;
  try {
    token = await read();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TokenSourceError(`${source} failed: ${reason}`, { cause: error });
  }
  if (!token) throw new TokenSourceError(`${source} gave no token`);
  return token;
}
