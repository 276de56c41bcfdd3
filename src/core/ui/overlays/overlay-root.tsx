import { createContext, useContext, type ReactNode } from "react";

const OverlayRootContext = createContext<HTMLElement | null>(null);

/** Gives every overlay under it the element's own container inside its shadow root. */
export function OverlayRootProvider({ root, children }: { root: HTMLElement; children: ReactNode }) {
  return <OverlayRootContext.Provider value={root}>{children}</OverlayRootContext.Provider>;
}

/** The container overlays (menus, popovers, tooltips, modals) must render into; never document.body. */
export function useOverlayRoot(): HTMLElement {
  const root = useContext(OverlayRootContext);
  if (!root) throw new Error("No provider found for OverlayRoot context");
  return root;
}
