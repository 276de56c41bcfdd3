import {
  Tooltip as PatternFlyTooltip,
  type TooltipProps as PatternFlyTooltipProps,
} from "@patternfly/react-core/dist/esm/components/Tooltip/index.js";
import { useOverlayRoot } from "./overlay-root.tsx";

export type TooltipProps = Omit<PatternFlyTooltipProps, "appendTo">;

/** PatternFly's Tooltip, always rendered inside the element's shadow root. */
export function Tooltip(props: TooltipProps) {
  return <PatternFlyTooltip {...props} appendTo={useOverlayRoot()} />;
}
