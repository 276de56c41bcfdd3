import { registerMessages } from "../../core/i18n/message-bundles.ts";

export const realmsMessages = {
  realmsTitle: "Realms",
  realmExplain:
    "A realm manages a set of users, credentials, roles, and groups. A user belongs to and logs into a realm. Realms are isolated from one another and can only manage and authenticate the users that they control.",
  realmName: "Realm name",
  createRealm: "Create realm",
  createRealmTitle: "New realm",
  realmNameRequired: "Give the realm a name.",
  realmImportFile: "Start from an exported realm (JSON file)",
  realmImportInvalid: "The file is not valid JSON.",
  saveRealmSuccess: "Realm created successfully",
  saveRealmError: "Could not create realm {{error}}",
  realmSearch: "Search by realm name",
  noRealms: "No realm matches this search.",
  previousPage: "Previous page",
  nextPage: "Next page",
};

registerMessages("realms", realmsMessages);
