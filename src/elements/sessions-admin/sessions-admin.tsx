import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { toSessions } from "../../features/sessions/paths.ts";
import { sessionsRoutes } from "../../features/sessions/routes.ts";

/** The sessions area alone: the realm's sessions with revocation and sign out all. */
export function SessionsAdmin(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell
      {...props}
      initialPath={toSessions(realm)}
      firstScreen={{ routes: sessionsRoutes, realm, path: "sessions" }}
    >
      <Routes>
        {sessionsRoutes.map((route) => (
          <Route
            key={route.path}
            path={`:realm/${route.path}`}
            element={<RequireAccess rule={route.access}>{createElement(route.component)}</RequireAccess>}
          />
        ))}
        <Route path="*" element={<Navigate to={toSessions(realm)} replace />} />
      </Routes>
    </ElementShell>
  );
}
