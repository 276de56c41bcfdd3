import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { toUserFederation } from "../../features/user-federation/paths.ts";
import { userFederationRoutes } from "../../features/user-federation/routes.ts";

/** The user federation area alone: the console's routes under `/{realm}`, starting at the providers. */
export function UserFederationAdmin(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell
      {...props}
      initialPath={toUserFederation(realm)}
      firstScreen={{ routes: userFederationRoutes, realm, path: "user-federation", readsServerInfo: true }}
    >
      <Routes>
        {userFederationRoutes.map((route) => (
          <Route
            key={route.path}
            path={`:realm/${route.path}`}
            element={<RequireAccess rule={route.access}>{createElement(route.component)}</RequireAccess>}
          />
        ))}
        <Route path="*" element={<Navigate to={toUserFederation(realm)} replace />} />
      </Routes>
    </ElementShell>
  );
}
