import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { toPermissions } from "../../features/permissions/paths.ts";
import { permissionsRoutes } from "../../features/permissions/routes.ts";

/** The permissions area alone: the console's routes under `/{realm}`, starting at the list. */
export function PermissionsAdmin(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell
      {...props}
      initialPath={toPermissions(realm)}
      firstScreen={{ routes: permissionsRoutes, realm, path: "permissions", readsServerInfo: true }}
    >
      <Routes>
        {permissionsRoutes.map((route) => (
          <Route
            key={route.path}
            path={`:realm/${route.path}`}
            element={<RequireAccess rule={route.access}>{createElement(route.component)}</RequireAccess>}
          />
        ))}
        <Route path="*" element={<Navigate to={toPermissions(realm)} replace />} />
      </Routes>
    </ElementShell>
  );
}
