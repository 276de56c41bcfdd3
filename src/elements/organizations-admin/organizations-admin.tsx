import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { OrganizationEventsProvider } from "../../features/organizations/organization-events.tsx";
import { toOrganizations } from "../../features/organizations/paths.ts";
import { organizationsRoutes } from "../../features/organizations/routes.ts";

/** The organizations area alone: the console's routes under `/{realm}`, starting at the list. */
export function OrganizationsAdmin(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell
      {...props}
      initialPath={toOrganizations(realm)}
      firstScreen={{ routes: organizationsRoutes, realm, path: "organizations", readsServerInfo: true }}
    >
      <OrganizationEventsProvider emit={props.emit}>
        <Routes>
          {organizationsRoutes.map((route) => (
            <Route
              key={route.path}
              path={`:realm/${route.path}`}
              element={<RequireAccess rule={route.access}>{createElement(route.component)}</RequireAccess>}
            />
          ))}
          <Route path="*" element={<Navigate to={toOrganizations(realm)} replace />} />
        </Routes>
      </OrganizationEventsProvider>
    </ElementShell>
  );
}
