import type { ServerContext } from "../../context.ts";
import type { ClientRecord, RealmRecord, UserRecord } from "../../store/types.ts";
import type { VerifiedToken } from "../verify-token.ts";
import type { MapperInput } from "./types.ts";
import { applyScopes } from "../scopes.ts";

const SERVICE_ACCOUNT_NOTES = ["client_id", "clientHost", "clientAddress"];

/**
 * The mapper input behind an issued access token (for userinfo and introspection): its client, the scopes
 * of its `scope` claim, and the notes of its session; a service account token without a session keeps its
 * notes in its own claims.
 */
export function mapperInputOfToken(
  server: ServerContext,
  baseUrl: string,
  realm: RealmRecord,
  client: ClientRecord,
  user: UserRecord,
  payload: VerifiedToken["payload"],
): MapperInput {
  const session = payload.sid ? server.db.get("userSessions", payload.sid) : undefined;
  const notes: Record<string, string> = { ...session?.notes };
  if (!session) {
    for (const name of SERVICE_ACCOUNT_NOTES) if (typeof payload[name] === "string") notes[name] = payload[name];
  }
  const { scopes } = applyScopes(server.db, client, payload.scope);
  return { db: server.db, realm, client, user, scopes, baseUrl, notes };
}
