import { useState } from "react";
import {
  Modal as PatternFlyModal,
  type ModalProps as PatternFlyModalProps,
} from "@patternfly/react-core/dist/esm/components/Modal/index.js";
import { DialogOverlayRootProvider, useDialogRoot, useOverlayRoot } from "./overlay-root.tsx";
import "./modal.css";

export type ModalProps = Omit<PatternFlyModalProps, "appendTo" | "ref">;

/**
 * PatternFly's Modal inside the element's shadow root: its backdrop covers the viewport, focus is
 * trapped in the dialog, and only the element's own content is hidden from screen readers.
 * Menus, popovers and tooltips opened from the dialog render into a container inside it.
 */
export function Modal({ children, ...props }: ModalProps) {
  const elementOverlayRoot = useOverlayRoot();
  const [dialogOverlayRoot, setDialogOverlayRoot] = useState<HTMLElement | null>(null);
  return (
    <PatternFlyModal {...props} appendTo={useDialogRoot()}>
      <DialogOverlayRootProvider root={dialogOverlayRoot ?? elementOverlayRoot}>{children}</DialogOverlayRootProvider>
      <div className="kc-dialog-overlay-root" ref={setDialogOverlayRoot} />
    </PatternFlyModal>
  );
}

export { ModalHeader, ModalBody, ModalFooter } from "@patternfly/react-core/dist/esm/components/Modal/index.js";
