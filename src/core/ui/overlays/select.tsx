import {
  Select as PatternFlySelect,
  type SelectProps as PatternFlySelectProps,
} from "@patternfly/react-core/dist/esm/components/Select/index.js";
import { useOverlayRoot } from "./overlay-root.tsx";

export type SelectProps = PatternFlySelectProps;

/** PatternFly's Select, its menu always rendered inside the element's shadow root. */
export function Select({ popperProps, ...props }: SelectProps) {
  const overlayRoot = useOverlayRoot();
  return <PatternFlySelect {...props} popperProps={{ ...popperProps, appendTo: overlayRoot }} />;
}

export { SelectOption, SelectList, SelectGroup } from "@patternfly/react-core/dist/esm/components/Select/index.js";
