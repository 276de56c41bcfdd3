import { satisfies } from "../access/access-checker.ts";
import { accessFromWhoAmI } from "../access/who-am-i-access.ts";
import type { Runtime } from "../runtime/runtime.ts";
import { realmQuery, serverInfoQuery, whoAmIQuery } from "../runtime/shared-queries.ts";
import { matchConsoleRoute, preloadRoute, type ConsoleRoute } from "./console-route.ts";

/** The screen an element opens with: its realm and its path under `/:realm` in the element's routes. */
export interface FirstScreen {
  routes: ConsoleRoute[];
  realm: string;
  path: string;
}

/** Starts loading the first screen's chunk: call it before signing in. */
export function preloadFirstScreen(screen: FirstScreen): void {
  preloadRoute(screen.routes, screen.path);
}

const prefetched = new WeakMap<Runtime, Set<string>>();

/**
 * Starts the first screen's reads the moment the runtime is there, instead of after the shell has rendered and
 * painted: who-am-I, the realm and server info, and the route's own prefetch once who-am-I allows the route.
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
  void queryClient.prefetchQuery(serverInfoQuery(runtime));
  const match = matchConsoleRoute(screen.routes, screen.path);
  const whoAmI = queryClient.fetchQuery(whoAmIQuery(runtime, screen.realm));
  whoAmI.then(
    (answer) => {
      const access = accessFromWhoAmI(answer, screen.realm);
      if (match?.route.prefetch && satisfies(access, match.route.access))
        match.route.prefetch({ runtime, realm: screen.realm, params: match.params, access });
    },
    () => undefined,
  );
}
