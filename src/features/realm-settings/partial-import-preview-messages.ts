import { registerMessages } from "../../core/i18n/message-bundles.ts";

/** The partial import's preview (our own keys but Keycloak's `resource`: its console imports without one). */
export const partialImportPreviewMessages = {
  resource: "Resource",
  rsImportPreview: "What the import will do",
  rsImportPreviewChecking: "Looking up which of these the realm already has…",
  rsImportPreviewFailed: "The preview could not be made: {{error}}",
  rsImportPreviewInFile: "In the file",
  rsImportPreviewNew: "Will be added",
  rsImportPreviewExisting: "Already in the realm",
  rsImportPreviewSKIP: "Resources the realm already has will be skipped.",
  rsImportPreviewOVERWRITE: "Resources the realm already has will be overwritten.",
  rsImportPreviewFAIL: "The import will fail: the realm already has some of these resources.",
  rsImportPreviewPartial: "Only the first {{limit}} of each resource were looked up.",
};

registerMessages("partial-import-preview", partialImportPreviewMessages);
