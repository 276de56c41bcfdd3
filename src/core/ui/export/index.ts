export { exportClient, clientExportFilename } from "./export-client.ts";
