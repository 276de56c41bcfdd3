import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { toEvents } from "../../features/events/paths.ts";
import { eventsRoutes } from "../../features/events/routes.ts";

/** The events area alone: the realm's user events and admin events. */
export function EventsAdmin(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell
      {...props}
      initialPath={toEvents(realm)}
      firstScreen={{ routes: eventsRoutes, realm, path: "events", readsServerInfo: true }}
    >
      <Routes>
        {eventsRoutes.map((route) => (
          <Route
            key={route.path}
            path={`:realm/${route.path}`}
            element={<RequireAccess rule={route.access}>{createElement(route.component)}</RequireAccess>}
          />
        ))}
        <Route path="*" element={<Navigate to={toEvents(realm)} replace />} />
      </Routes>
    </ElementShell>
  );
}
