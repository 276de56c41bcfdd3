import type { ServerContext } from "../context.ts";
import { realmByName } from "../oidc/lookup.ts";
import { PORTAL_CLIENT } from "./portal-token.ts";

/** Keycloak's client attribute that lets a client's tokens call the console's who-am-I. */
const CONSOLE_CLIENT_ATTRIBUTE = "security.admin.console";

/**
 * Who-am-I only answers tokens issued to security-admin-console or to a client marked as an
 * admin console (as Keycloak does). A product team embedding the console with its own tokens
 * marks its client so; the demo backend does it for the portal client before its first token.
 */
export async function ensurePortalIsConsoleClient(server: ServerContext): Promise<void> {
  const realm = realmByName(server.db, PORTAL_CLIENT.realm);
  const client = realm && server.db.list("clients", realm.id).find((c) => c.clientId === PORTAL_CLIENT.clientId);
  if (!client) return;
  const attributes = (client.rep.attributes ?? {}) as Record<string, string>;
  if (attributes[CONSOLE_CLIENT_ATTRIBUTE] === "true") return;
  await server.db.write((tx) =>
    tx.put("clients", {
      ...client,
      rep: { ...client.rep, attributes: { ...attributes, [CONSOLE_CLIENT_ATTRIBUTE]: "true" } },
    }),
  );
}
