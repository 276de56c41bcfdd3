import {
  Popover as PatternFlyPopover,
  type PopoverProps as PatternFlyPopoverProps,
} from "@patternfly/react-core/dist/esm/components/Popover/index.js";
import { useOverlayRoot } from "./overlay-root.tsx";

export type PopoverProps = Omit<PatternFlyPopoverProps, "appendTo">;

/** PatternFly's Popover, always rendered inside the element's shadow root. */
export function Popover(props: PopoverProps) {
  return <PatternFlyPopover {...props} appendTo={useOverlayRoot()} />;
}
