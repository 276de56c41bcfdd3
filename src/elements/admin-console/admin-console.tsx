import { ElementShell } from "../../core/runtime/element-shell.tsx";
import type { ElementBaseProps } from "../../core/runtime/element-props.ts";
import { runtimeSettings } from "../../core/runtime/runtime-registry.ts";
import { ConsoleRoutes } from "../../features/shell/console-routes.tsx";

/** The full console: every area under `/:realm`, starting at the `realm` attribute (else the sign-in realm). */
export function AdminConsole(props: ElementBaseProps) {
  const startRealm = props.realm || runtimeSettings(props).authRealm;
  return (
    <ElementShell {...props} scopeToRealmAttribute={false} initialPath={`/${startRealm}`}>
      <ConsoleRoutes startRealm={startRealm} locale={props.locale} host={props.host} />
    </ElementShell>
  );
}
