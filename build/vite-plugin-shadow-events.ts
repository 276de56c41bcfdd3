import type { Plugin } from "vite";
import { patchPatternFlyModule } from "./patternfly-js/shadow-event-patch.ts";

/** Build and dev-server transform for PatternFly's shadow-DOM event patch. */
export function shadowEvents(): Plugin {
  return {
    name: "kc-shadow-events",
    enforce: "pre",
    transform(code, id) {
      const patched = patchPatternFlyModule(id, code);
      return patched === undefined ? null : { code: patched, map: null };
    },
  };
}

/** The same patch for Vite's dependency optimizer, which bundles PatternFly without the hooks above. */
export function shadowEventsForOptimizer() {
  return {
    name: "kc-shadow-events-optimizer",
    transform(code: string, id: string) {
      const patched = patchPatternFlyModule(id, code);
      return patched === undefined ? null : { code: patched };
    },
  };
}
