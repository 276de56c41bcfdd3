import type { ServerContext } from "../../context.ts";

export interface SessionRepresentation {
  id: string;
  username: string;
  userId: string;
  ipAddress: string;
  start: number;
  lastAccess: number;
  rememberMe: boolean;
  type: "REGULAR" | "OFFLINE";
  /** internal client id -> clientId */
  clients: Record<string, string>;
  transientUser: boolean;
}

/** Every session of a realm as the console's sessions tab shows them, newest first. */
export function sessionRepresentations(server: ServerContext, realmId: string): SessionRepresentation[] {
  const sessions: SessionRepresentation[] = [];
  for (const session of server.db.iterate("userSessions", realmId)) {
    const user = server.db.get("users", session.userId);
    const clients: Record<string, string> = {};
    for (const clientId of Object.keys(session.clients)) {
      const client = server.db.get("clients", clientId);
      if (client) clients[clientId] = client.clientId;
    }
    sessions.push({
      id: session.id,
      username: user?.username ?? "",
      userId: session.userId,
      ipAddress: session.ipAddress,
      start: session.start,
      lastAccess: session.lastAccess,
      rememberMe: session.rememberMe,
      type: session.offline ? "OFFLINE" : "REGULAR",
      clients,
      transientUser: false,
    });
  }
  return sessions.sort((a, b) => b.start - a.start);
}
