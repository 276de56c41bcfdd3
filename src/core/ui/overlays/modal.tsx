import {
  Modal as PatternFlyModal,
  type ModalProps as PatternFlyModalProps,
} from "@patternfly/react-core/dist/esm/components/Modal/index.js";
import { useOverlayRoot } from "./overlay-root.tsx";

export type ModalProps = Omit<PatternFlyModalProps, "appendTo" | "ref">;

/**
 * PatternFly's Modal inside the element's shadow root: its backdrop covers the viewport, focus is
 * trapped in the dialog, and only the element's own content is hidden from screen readers.
 */
export function Modal(props: ModalProps) {
  return <PatternFlyModal {...props} appendTo={useOverlayRoot()} />;
}

export { ModalHeader, ModalBody, ModalFooter } from "@patternfly/react-core/dist/esm/components/Modal/index.js";
