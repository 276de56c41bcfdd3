import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { RoleEventsContext } from "../../features/roles/role-events.tsx";
import { rolesRoutes, toRoles } from "../../features/roles/routes.ts";

/** `<kc-roles-admin>`'s tree: the realm-role screens of one realm, addressed as in the console (`/{realm}/roles/…`). */
export function RolesArea(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell {...props} initialPath={toRoles(realm)} firstScreen={{ routes: rolesRoutes, realm, path: "roles" }}>
      <RoleEventsContext.Provider value={props.emit}>
        <Routes>
          {rolesRoutes.map((route) => (
            <Route
              key={route.path}
              path={`${realm}/${route.path}`}
              element={<RequireAccess rule={route.access}>{createElement(route.component)}</RequireAccess>}
            />
          ))}
          <Route path="*" element={<Navigate to={toRoles(realm)} replace />} />
        </Routes>
      </RoleEventsContext.Provider>
    </ElementShell>
  );
}
