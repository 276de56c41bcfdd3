import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { AttributesForm } from "../../core/ui/form/attributes-form.tsx";
import { useSaveRole } from "./use-save-role.ts";
import "./messages.ts";

/** The role's attributes as key-value rows. */
export function RoleAttributesTab({ role }: { role: RoleRepresentation }) {
  const canManage = useAccess().hasAccess("manage-realm");
  const save = useSaveRole(role.id ?? "");
  return (
    <AttributesForm attributes={role.attributes} canManage={canManage} onSave={(attributes) => save({ attributes })} />
  );
}
