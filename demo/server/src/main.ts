import { readConfig } from "./config.ts";
import { startServer } from "./server.ts";

const config = readConfig(process.argv.slice(2), process.env);
const running = await startServer(config);
console.log(`Keycloak-compatible server ready at ${config.publicUrl}`);
console.log(`Admin console: ${config.publicUrl}/admin/master/console/`);
console.log(`Sign in as admin / admin (realm master). Data folder: ${config.dataDir}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void running.stop().then(() => process.exit(0)));
}
