import type { ServerConfig, ServerContext } from "./context.ts";
import { Db } from "./store/db.ts";
import { buildApp } from "./http/app.ts";
import { bootstrap } from "./seed/bootstrap.ts";

export interface RunningServer {
  server: ServerContext;
  stop(): Promise<void>;
}

/** Opens the store, creates or imports what is missing, and listens. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const db = await Db.open(config.dataDir);
  const server: ServerContext = { db, config };
  await bootstrap(server);
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
