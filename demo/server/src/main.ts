import { readConfig } from "./config.ts";
import { startServer, type RunningServer } from "./server.ts";
import { DataFolderError } from "./store/data-folder-error.ts";

const config = readConfig(process.argv.slice(2), process.env);
let running: RunningServer;
try {
  running = await startServer(config);
} catch (error) {
  if (!(error instanceof DataFolderError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const address = config.hostname?.includes("://")
  ? config.hostname
  : `http://${config.hostname ?? (config.host === "0.0.0.0" ? "127.0.0.1" : config.host)}:${config.port}`;
console.log(`Keycloak-compatible server ready at ${address}`);
console.log(`Admin console: ${address}/admin/master/console/`);
if (config.demoPages) console.log(`Demo pages: ${address}/demo/`);
console.log(`Sign in as admin / admin (realm master). Data folder: ${config.dataDir}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void running.stop().then(() => process.exit(0)));
}
