import { useState } from "react";
import { preloadRoute } from "../../core/routing/console-route.ts";
import { initialRouterPath } from "../../core/routing/element-router.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { consoleRoutes } from "../../features/shell/console-route-table.ts";
import { ConsoleRoutes } from "../../features/shell/console-routes.tsx";

/** The full console: every area under `/:realm`, starting at the `realm` attribute (else the sign-in realm). */
export function AdminConsole(props: ElementBaseProps) {
  const startRealm = props.realm || runtimeSettings(props).authRealm;
  // The first screen's chunk loads while the console signs in: `/{realm}/{screen}`, or the start realm's dashboard.
  useState(() => {
    const path = initialRouterPath(props.routing, props.basePath, `/${startRealm}`);
    preloadRoute(consoleRoutes, path.split("/").slice(2).join("/"));
  });
  return (
    <ElementShell {...props} scopeToRealmAttribute={false} initialPath={`/${startRealm}`}>
      <ConsoleRoutes startRealm={startRealm} locale={props.locale} host={props.host} />
    </ElementShell>
  );
}
