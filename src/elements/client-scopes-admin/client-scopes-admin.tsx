import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { toClientScopes } from "../../features/client-scopes/paths.ts";
import { clientScopesRoutes } from "../../features/client-scopes/routes.ts";
import { ClientScopesBreadcrumb } from "./client-scopes-breadcrumb.tsx";

/** The client scopes area alone: the console's routes under `/{realm}`, starting at the list. */
export function ClientScopesAdmin(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell
      {...props}
      initialPath={toClientScopes(realm)}
      firstScreen={{ routes: clientScopesRoutes, realm, path: "client-scopes" }}
    >
      <Routes>
        {clientScopesRoutes.map((route) => (
          <Route
            key={route.path}
            path={`:realm/${route.path}`}
            element={
              <RequireAccess rule={route.access}>
                <ClientScopesBreadcrumb />
                {createElement(route.component)}
              </RequireAccess>
            }
          />
        ))}
        <Route path="*" element={<Navigate to={toClientScopes(realm)} replace />} />
      </Routes>
    </ElementShell>
  );
}
