export { RenderBoundary, type RenderBoundaryProps } from "./render-boundary.tsx";
export { InlineRenderError, ValueBoundary } from "./value-boundary.tsx";
export { PanelBoundary } from "./panel-boundary.tsx";
