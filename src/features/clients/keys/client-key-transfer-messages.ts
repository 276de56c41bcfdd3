import { registerMessages } from "../../../core/i18n/message-bundles.ts";

/** Importing and exporting a client's key on the Keys tab (Keycloak's keys and texts). */
export const clientKeyTransferMessages = {
  importKey: "Import key",
  export: "Export",
  archiveFormat: "Archive format",
  keyAlias: "Key alias",
  keyPassword: "Key password",
  storePassword: "Store password",
  importFile: "Import file",
  importSuccess: "New certificate imported",
  importError: "Could not import certificate {{error}}",
  /** Our own: Keycloak's export texts name realms. */
  clientsKeyExportTitle: "Export key",
  clientsKeyExportSuccess: "The key was exported",
  clientsKeyExportError: "Could not export the key: {{error}}",
};

registerMessages("client-key-transfer", clientKeyTransferMessages);
