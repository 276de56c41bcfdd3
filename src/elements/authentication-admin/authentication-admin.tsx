import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { toAuthentication } from "../../features/authentication/paths.ts";
import { authenticationRoutes } from "../../features/authentication/routes.ts";

/** The authentication area alone: the console's routes under `/{realm}`, starting at the flows tab. */
export function AuthenticationAdmin(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell
      {...props}
      initialPath={toAuthentication(realm)}
      firstScreen={{ routes: authenticationRoutes, realm, path: "authentication/:tab" }}
    >
      <Routes>
        {authenticationRoutes.map((route) => (
          <Route
            key={route.path}
            path={`:realm/${route.path}`}
            element={<RequireAccess rule={route.access}>{createElement(route.component)}</RequireAccess>}
          />
        ))}
        <Route path="*" element={<Navigate to={toAuthentication(realm)} replace />} />
      </Routes>
    </ElementShell>
  );
}
