import { registerMessages } from "../../core/i18n/message-bundles.ts";

export const realmsMessages = {
  realmsTitle: "Realms",
  realmsIntro: "Each realm keeps its own users, applications and sign-in settings apart from the others.",
  realmName: "Realm name",
  realmDisplayName: "Display name",
  createRealm: "Create realm",
  createRealmTitle: "New realm",
  realmNameRequired: "Give the realm a name.",
  realmEnabled: "Enabled",
  realmImportFile: "Start from an exported realm (JSON file)",
  realmImportInvalid: "The file is not valid JSON.",
  create: "Create",
  cancel: "Cancel",
  realmCreated: "Realm {{realm}} was created.",
  realmCreateFailed: "The realm could not be created: {{message}}",
  realmSearch: "Search by realm name",
  noRealms: "No realm matches this search.",
  previousPage: "Previous page",
  nextPage: "Next page",
};

registerMessages("realms", realmsMessages);
