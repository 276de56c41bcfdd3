import { randomBytes } from "node:crypto";
import type { ClientRecord } from "../../store/types.ts";

/** A random client secret of 32 alphanumeric characters, like Keycloak's SecretGenerator. */
export function newSecret(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(32);
  let secret = "";
  for (const byte of bytes) secret += alphabet[byte % alphabet.length];
  return secret;
}

export function clientAttributes(client: ClientRecord): Record<string, string> {
  const attributes = client.rep.attributes;
  if (attributes && typeof attributes === "object" && !Array.isArray(attributes))
    return attributes as Record<string, string>;
  const fresh: Record<string, string> = {};
  client.rep.attributes = fresh;
  return fresh;
}

/** Sets a fresh secret and its creation time (seconds), as Keycloak's generateSecret. */
export function assignNewSecret(client: ClientRecord): string {
  const secret = newSecret();
  client.rep.secret = secret;
  clientAttributes(client)["client.secret.creation.time"] = String(Math.floor(Date.now() / 1000));
  return secret;
}
