import { registerMessages } from "../../core/i18n/message-bundles.ts";

/** The import-client screen (Keycloak's keys and texts). */
export const importClientMessages = {
  resourceFile: "Resource file",
  clientImportSuccess: "Client imported successfully",
  clientImportError: "Could not import client: {{error}}",
};

registerMessages("import-client", importClientMessages);
