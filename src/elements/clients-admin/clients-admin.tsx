import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { toClients } from "../../features/clients/paths.ts";
import { clientsRoutes } from "../../features/clients/routes.ts";
import { ClientsBreadcrumb } from "./clients-breadcrumb.tsx";

/** The clients area alone: the console's routes under `/{realm}`, starting at the list. */
export function ClientsAdmin(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell
      {...props}
      initialPath={toClients(realm)}
      firstScreen={{ routes: clientsRoutes, realm, path: "clients" }}
    >
      <Routes>
        {clientsRoutes.map((route) => (
          <Route
            key={route.path}
            path={`:realm/${route.path}`}
            element={
              <RequireAccess rule={route.access}>
                <ClientsBreadcrumb />
                {createElement(route.component)}
              </RequireAccess>
            }
          />
        ))}
        <Route path="*" element={<Navigate to={toClients(realm)} replace />} />
      </Routes>
    </ElementShell>
  );
}
