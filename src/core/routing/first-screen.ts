import { createAccessChecker, satisfies, type AccessChecker } from "../access/access-checker.ts";
import { accessNamesFromToken } from "../access/token-access.ts";
import { accessFromWhoAmI } from "../access/who-am-i-access.ts";
import { decodeTokenClaims } from "../auth/token-claims.ts";
import type { Runtime } from "../runtime/runtime.ts";
import { realmQuery, serverInfoQuery, whoAmIQuery } from "../runtime/shared-queries.ts";
import { matchConsoleRoute, preloadRoute, type ConsoleRoute } from "./console-route.ts";

/** The screen an element opens with: its realm and its path under `/:realm` in the element's routes. */
export interface FirstScreen {
  routes: ConsoleRoute[];
  realm: string;
  path: string;
  /** The element reads server info as it first renders (the console's navigation, the organizations gate). */
  readsServerInfo?: boolean;
}

/** Starts loading the first screen's chunk: call it before signing in. */
export function preloadFirstScreen(screen: FirstScreen): void {
  preloadRoute(screen.routes, screen.path);
}

const prefetched = new WeakMap<Runtime, Set<string>>();

/**
 * Starts the first screen's reads the moment the runtime is there, instead of after the shell has rendered and
 * painted: who-am-I, the realm, server info where the element reads it at once, and the route's own prefetch once the user's access allows the
 * route. That access is read from the token's roles (as Keycloak puts them there, the same who-am-I reports), so
 * the route's reads do not wait for who-am-I's answer; when the token does not show it, who-am-I's answer decides.
 * Once per runtime and screen; failures are left to the screen's own queries to report.
 */
export function prefetchFirstScreen(runtime: Runtime, screen: FirstScreen): void {
  const key = JSON.stringify([screen.realm, screen.path]);
  const done = prefetched.get(runtime) ?? new Set<string>();
  prefetched.set(runtime, done);
  if (done.has(key)) return;
  done.add(key);
  const { queryClient } = runtime;
  void queryClient.prefetchQuery(realmQuery(runtime, screen.realm));
  if (screen.readsServerInfo) void queryClient.prefetchQuery(serverInfoQuery(runtime));
  const match = matchConsoleRoute(screen.routes, screen.path);
  let routeStarted = false;
  const startRoute = (access: AccessChecker) => {
    if (routeStarted || !match?.route.prefetch || !satisfies(access, match.route.access)) return;
    routeStarted = true;
    match.route.prefetch({ runtime, realm: screen.realm, params: match.params, access });
  };
  runtime.auth.getAccessToken().then(
    (token) => {
      const claims = decodeTokenClaims(token);
      if (!claims) return;
      const names = accessNamesFromToken(claims, runtime.authRealm, screen.realm);
      startRoute(createAccessChecker({ [screen.realm]: names }, screen.realm));
    },
    () => undefined,
  );
  queryClient.fetchQuery(whoAmIQuery(runtime, screen.realm)).then(
    (answer) => startRoute(accessFromWhoAmI(answer, screen.realm)),
    () => undefined,
  );
}
