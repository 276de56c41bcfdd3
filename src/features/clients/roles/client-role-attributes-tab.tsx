import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { AttributesForm } from "../../../core/ui/form/attributes-form.tsx";
import { useSaveClientRole } from "./use-save-client-role.ts";
import "./client-role-messages.ts";

/** The client role's attributes, one key and value a row. */
export function ClientRoleAttributesTab({ role, canManage }: { role: RoleRepresentation; canManage: boolean }) {
  const save = useSaveClientRole(role);
  return (
    <AttributesForm attributes={role.attributes} canManage={canManage} onSave={(attributes) => save({ attributes })} />
  );
}
