import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import type { MappedRole } from "./role-mapping-types.ts";

/** A role's name; client roles carry their client's clientId in front. */
export function RoleNameCell({ role }: { role: MappedRole }) {
  return (
    <span className="kc-role-name">
      {role.client && (
        <Label color="blue" isCompact>
          {role.client.clientId}
        </Label>
      )}{" "}
      {role.name}
    </span>
  );
}
