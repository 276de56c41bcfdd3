import { randomUUID } from "node:crypto";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, UserRecord } from "../store/types.ts";
import { clientAttribute } from "../oidc/lookup.ts";

export const UNSPECIFIED = "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified";
export const EMAIL = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
export const TRANSIENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:transient";
export const PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";

/** Keycloak's `saml_name_id_format` values and the formats they stand for. */
const CONFIGURED: Record<string, string> = {
  username: UNSPECIFIED,
  email: EMAIL,
  transient: TRANSIENT,
  persistent: PERSISTENT,
};

/** The NameIDPolicy formats Keycloak honours (SamlService's supported name ID formats). */
const SUPPORTED = new Set([UNSPECIFIED, EMAIL, TRANSIENT, PERSISTENT]);

/** Keycloak keeps a user's persistent NameID for a client in this user attribute, suffixed with the clientId. */
export const PERSISTENT_ATTRIBUTE_PREFIX = "saml.persistent.name.id.for.";

/**
 * The format of the NameID, as Keycloak's SamlProtocol picks it: the AuthnRequest's NameIDPolicy format when it is one
 * Keycloak supports and the client does not force its own, else the client's "Name ID format", else unspecified.
 */
export function nameIdFormat(client: ClientRecord, requested: string | undefined): string {
  const forced = clientAttribute(client, "saml_force_name_id_format") === "true";
  if (requested && !forced && SUPPORTED.has(requested)) return requested;
  return CONFIGURED[clientAttribute(client, "saml_name_id_format") ?? ""] ?? UNSPECIFIED;
}

/**
 * The NameID of that format for the user: the username (unspecified), the email, a new `G-` id for each login
 * (transient), or the user's persistent id for this client, made and saved on the user the first time.
 */
export async function nameIdValue(
  server: ServerContext,
  client: ClientRecord,
  user: UserRecord,
  format: string,
): Promise<string> {
  if (format === EMAIL) return user.email ?? "";
  if (format === TRANSIENT) return `G-${randomUUID()}`;
  if (format !== PERSISTENT) return user.username;
  const attribute = PERSISTENT_ATTRIBUTE_PREFIX + client.clientId;
  const existing = user.attributes[attribute]?.[0];
  if (existing) return existing;
  const made = `G-${randomUUID()}`;
  const current = server.db.get("users", user.id) ?? user;
  await server.db.write((tx) =>
    tx.put("users", { ...current, attributes: { ...current.attributes, [attribute]: [made] } }),
  );
  return made;
}
