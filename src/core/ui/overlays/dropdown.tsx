import {
  Dropdown as PatternFlyDropdown,
  type DropdownProps as PatternFlyDropdownProps,
} from "@patternfly/react-core/dist/esm/components/Dropdown/index.js";
import { useOverlayRoot } from "./overlay-root.tsx";

export type DropdownProps = PatternFlyDropdownProps;

/** PatternFly's Dropdown, its menu always rendered inside the element's shadow root. */
export function Dropdown({ popperProps, ...props }: DropdownProps) {
  const overlayRoot = useOverlayRoot();
  return <PatternFlyDropdown {...props} popperProps={{ ...popperProps, appendTo: overlayRoot }} />;
}

export {
  DropdownItem,
  DropdownList,
  DropdownGroup,
} from "@patternfly/react-core/dist/esm/components/Dropdown/index.js";
