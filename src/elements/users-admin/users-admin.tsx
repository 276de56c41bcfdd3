import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { toUsers } from "../../features/users/paths.ts";
import { usersRoutes } from "../../features/users/routes.ts";
import { UserEventsProvider } from "../../features/users/user-events.tsx";
import { UsersBreadcrumb } from "./users-breadcrumb.tsx";

/** The users area alone: the console's routes under `/{realm}`, starting at the list. */
export function UsersAdmin(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell {...props} initialPath={toUsers(realm)} firstScreen={{ routes: usersRoutes, realm, path: "users" }}>
      <UserEventsProvider emit={props.emit}>
        <Routes>
          {usersRoutes.map((route) => (
            <Route
              key={route.path}
              path={`:realm/${route.path}`}
              element={
                <RequireAccess rule={route.access}>
                  <UsersBreadcrumb />
                  {createElement(route.component)}
                </RequireAccess>
              }
            />
          ))}
          <Route path="*" element={<Navigate to={toUsers(realm)} replace />} />
        </Routes>
      </UserEventsProvider>
    </ElementShell>
  );
}
