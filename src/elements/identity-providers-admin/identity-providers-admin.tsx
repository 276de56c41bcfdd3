import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { toIdentityProviders } from "../../features/identity-providers/paths.ts";
import { identityProvidersRoutes } from "../../features/identity-providers/routes.ts";

/** The identity providers area alone: the console's routes under `/{realm}`, starting at the list. */
export function IdentityProvidersAdmin(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell
      {...props}
      initialPath={toIdentityProviders(realm)}
      firstScreen={{ routes: identityProvidersRoutes, realm, path: "identity-providers", readsServerInfo: true }}
    >
      <Routes>
        {identityProvidersRoutes.map((route) => (
          <Route
            key={route.path}
            path={`:realm/${route.path}`}
            element={<RequireAccess rule={route.access}>{createElement(route.component)}</RequireAccess>}
          />
        ))}
        <Route path="*" element={<Navigate to={toIdentityProviders(realm)} replace />} />
      </Routes>
    </ElementShell>
  );
}
