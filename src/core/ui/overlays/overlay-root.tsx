import { createContext, useContext, type ReactNode } from "react";

interface OverlayRoots {
  /** Where menus, popovers and tooltips go. */
  overlays: HTMLElement;
  /** Where dialogs go: always the element's own container, so a dialog never nests inside another's box. */
  dialogs: HTMLElement;
}

const OverlayRootContext = createContext<OverlayRoots | null>(null);

/** Gives every overlay under it the element's own container inside its shadow root. */
export function OverlayRootProvider({ root, children }: { root: HTMLElement; children: ReactNode }) {
  return (
    <OverlayRootContext.Provider value={{ overlays: root, dialogs: root }}>{children}</OverlayRootContext.Provider>
  );
}

/**
 * Inside an open dialog: menus, popovers and tooltips go into `root`, a container inside the dialog, so they
 * stay in its focus trap and are not hidden from screen readers with the rest of the element.
 */
export function DialogOverlayRootProvider({ root, children }: { root: HTMLElement; children: ReactNode }) {
  const outer = useRoots();
  return (
    <OverlayRootContext.Provider value={{ overlays: root, dialogs: outer.dialogs }}>
      {children}
    </OverlayRootContext.Provider>
  );
}

function useRoots(): OverlayRoots {
  const roots = useContext(OverlayRootContext);
  if (!roots) throw new Error("No provider found for OverlayRoot context");
  return roots;
}

/** The container overlays (menus, popovers, tooltips) must render into; never document.body. */
export function useOverlayRoot(): HTMLElement {
  return useRoots().overlays;
}

/** The container dialogs must render into: the element's own, even from inside another dialog. */
export function useDialogRoot(): HTMLElement {
  return useRoots().dialogs;
}
