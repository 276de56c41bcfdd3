import type { Navigator } from "react-router";

/** Asked before an in-app navigation; call `proceed` to let it happen. */
export type NavigationBlocker = (proceed: () => void) => boolean;

const blockersByNavigator = new WeakMap<Navigator, Set<NavigationBlocker>>();

/**
 * Declarative routers (MemoryRouter, HashRouter, BrowserRouter) have no blocker API: wrap their
 * navigator's push/replace/go once, and let active blockers hold a navigation until confirmed.
 * Links and navigate() all go through these methods; the browser's own back button does not.
 */
export function addNavigationBlocker(navigator: Navigator, blocker: NavigationBlocker): () => void {
  let blockers = blockersByNavigator.get(navigator);
  if (!blockers) {
    blockers = new Set();
    blockersByNavigator.set(navigator, blockers);
    const active = blockers;
    const mutable = navigator as unknown as Record<"push" | "replace" | "go", (...args: unknown[]) => void>;
    for (const method of ["push", "replace", "go"] as const) {
      const original = mutable[method].bind(navigator);
      mutable[method] = (...args: unknown[]) => {
        const proceed = () => original(...args);
        for (const block of active) if (block(proceed)) return;
        proceed();
      };
    }
  }
  blockers.add(blocker);
  return () => blockers.delete(blocker);
}
