import { registerMessages } from "../../../core/i18n/message-bundles.ts";

/** The import-client screen (Keycloak's keys and texts). */
export const importClientMessages = {
  resourceFile: "Resource file",
  clientImportSuccess: "Client imported successfully",
  clientImportError: "Could not import client: {{error}}",
  /** Our own: the import accepts SAML metadata too. */
  clientsResourceFileHint:
    "A client's JSON file or a SAML entity descriptor (XML). Drag a file here or browse to upload.",
  clientsDescriptionNotConverted: "The file could not be read as a client: {{error}}",
};

registerMessages("import-client", importClientMessages);
