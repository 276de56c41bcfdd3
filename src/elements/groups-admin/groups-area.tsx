import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { GroupEventsContext } from "../../features/groups/group-events.tsx";
import { groupsRoutes, toGroups } from "../../features/groups/routes.ts";

/** `<kc-groups-admin>`'s tree: the groups screens of one realm, addressed as in the console (`/{realm}/groups/…`). */
export function GroupsArea(props: ElementBaseProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell
      {...props}
      initialPath={toGroups(realm)}
      firstScreen={{ routes: groupsRoutes, realm, path: "groups" }}
    >
      <GroupEventsContext.Provider value={props.emit}>
        <Routes>
          {groupsRoutes.map((route) => (
            <Route
              key={route.path}
              path={`${realm}/${route.path}`}
              element={<RequireAccess rule={route.access}>{createElement(route.component)}</RequireAccess>}
            />
          ))}
          <Route path="*" element={<Navigate to={toGroups(realm)} replace />} />
        </Routes>
      </GroupEventsContext.Provider>
    </ElementShell>
  );
}
