import type { ServerConfig, ServerContext } from "./context.ts";
import { Db } from "./store/db.ts";
import { buildApp } from "./http/app.ts";
import { bootstrap } from "./seed/bootstrap.ts";
import { buildEventIndexes } from "./events/event-store.ts";
import { buildSessionIndexes } from "./access/session-index.ts";
import { keepProxiedUsersUnlisted } from "./federation/proxied-users.ts";

export interface RunningServer {
  server: ServerContext;
  stop(): Promise<void>;
}

/** Opens the store, creates or imports what is missing, and listens. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const db = await Db.open(config.dataDir);
  keepProxiedUsersUnlisted(db);
  const server: ServerContext = { db, config };
  await bootstrap(server);
  // Built before the first request so no search waits for them (the store's change feed keeps them up to date).
  buildEventIndexes(db);
  buildSessionIndexes(db);
  const app = await buildApp(server);
  await app.listen({ host: config.host, port: config.port });
  return {
    server,
    async stop() {
      await app.close();
      await db.close();
    },
  };
}
