import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { toRealmSettings } from "../../features/realm-settings/paths.ts";
import { realmSettingsRoutes } from "../../features/realm-settings/routes.ts";

/** The realm settings area alone: the console's routes under `/{realm}`, starting at the general tab. */
export function RealmSettingsAdmin(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell
      {...props}
      initialPath={toRealmSettings(realm)}
      firstScreen={{ routes: realmSettingsRoutes, realm, path: "realm-settings/general" }}
    >
      <Routes>
        {realmSettingsRoutes.map((route) => (
          <Route
            key={route.path}
            path={`:realm/${route.path}`}
            element={<RequireAccess rule={route.access}>{createElement(route.component)}</RequireAccess>}
          />
        ))}
        <Route path="*" element={<Navigate to={toRealmSettings(realm)} replace />} />
      </Routes>
    </ElementShell>
  );
}
