import { Flag, Name, Query, Representation, Str } from "../common/schemas.ts";

export const SyncQuery = Query({ action: Str() });
export const MapperSyncQuery = Query({ direction: Str() });

/** Keycloak's TestLdapConnectionRepresentation. */
export const TestLdapConnectionSchema = Representation("TestLdapConnectionRepresentation", {
  action: Name(),
  connectionUrl: Str(),
  bindDn: Str(),
  bindCredential: Str(),
  useTruststoreSpi: Name(),
  connectionTimeout: Name(),
  componentId: Name(),
  startTls: Flag(),
  authType: Name(),
});
