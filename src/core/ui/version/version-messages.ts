import { registerMessages } from "../../i18n/message-bundles.ts";

/** Our own: Keycloak's console never says which versions honour a setting. */
export const versionMessages = {
  versionNoteOlderServer: "Keycloak {{since}} and later honour this setting; this server runs {{version}}.",
};

registerMessages("version", versionMessages);
