import { createElement } from "react";
import { Navigate, Route, Routes } from "react-router";
import { RequireAccess } from "../../core/access/require-access.tsx";
import { UI_PAGE_PROVIDER } from "../../core/api/server-info.ts";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { toCustomPage } from "../../features/custom-pages/paths.ts";
import { customPagesRoutes } from "../../features/custom-pages/routes.ts";

export interface CustomPagesAdminProps extends ElementBaseProps {
  /** The page provider's id; the first one server info reports when absent. */
  provider?: string;
}

/** Without a `provider` attribute: the first page provider the server reports (a page naming none, else). */
function FirstProvider({ realm }: { realm: string }) {
  const first = useServerInfo().componentTypes?.[UI_PAGE_PROVIDER]?.[0]?.id ?? "";
  return <Navigate to={toCustomPage(realm, first)} replace />;
}

/** One custom page alone: a `UiPageProvider`'s items, listed, added, edited and deleted. */
export function CustomPagesAdmin(props: CustomPagesAdminProps) {
  const realm = props.realm || runtimeSettings(props).authRealm;
  const start = props.provider ? toCustomPage(realm, props.provider) : `/${realm}/page-section`;
  return (
    <ElementShell
      {...props}
      initialPath={start}
      firstScreen={{ routes: customPagesRoutes, realm, path: "page-section/:providerId", readsServerInfo: true }}
    >
      <Routes>
        {customPagesRoutes.map((route) => (
          <Route
            key={route.path}
            path={`:realm/${route.path}`}
            element={<RequireAccess rule={route.access}>{createElement(route.component)}</RequireAccess>}
          />
        ))}
        <Route
          path="*"
          element={
            props.provider ? (
              <Navigate to={toCustomPage(realm, props.provider)} replace />
            ) : (
              <FirstProvider realm={realm} />
            )
          }
        />
      </Routes>
    </ElementShell>
  );
}
