import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";

/** What every client details tab gets from the client page. */
export interface ClientTabProps {
  client: ClientRepresentation;
  canManage: boolean;
  /** Saves the whole client with these changes (PUT), then reloads it. */
  onSave(changes: ClientRepresentation): Promise<void>;
}
