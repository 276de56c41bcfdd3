import { useState } from "react";
import { initialRouterPath } from "../../core/routing/element-router.tsx";
import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { consoleRoutes } from "../../features/shell/console-route-table.ts";
import { ConsoleRoutes } from "../../features/shell/console-routes.tsx";

/** The full console: every area under `/:realm`, starting at the `realm` attribute (else the sign-in realm). */
export function AdminConsole(props: ElementBaseProps) {
  const startRealm = props.realm || runtimeSettings(props).authRealm;
  // The first screen: `/{realm}/{screen}` from the address, or the start realm's dashboard.
  const [firstScreen] = useState(() => {
    const [, realm, ...path] = initialRouterPath(props.routing, props.basePath, `/${startRealm}`).split("/");
    return { routes: consoleRoutes, realm: realm || startRealm, path: path.join("/"), readsServerInfo: true };
  });
  return (
    <ElementShell {...props} scopeToRealmAttribute={false} initialPath={`/${startRealm}`} firstScreen={firstScreen}>
      <ConsoleRoutes startRealm={startRealm} locale={props.locale} host={props.host} />
    </ElementShell>
  );
}
