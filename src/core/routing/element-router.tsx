import type { ReactNode } from "react";
import { BrowserRouter, HashRouter, MemoryRouter } from "react-router";
import type { RoutingMode } from "../runtime/element-props.ts";

/**
 * Memory routing by default (an embedded element never owns the host's URL);
 * hash routing for the standalone console; path routing under a base path.
 */
export function ElementRouter({
  mode = "memory",
  basePath,
  initialPath,
  children,
}: {
  mode?: RoutingMode;
  basePath?: string;
  initialPath?: string;
  children: ReactNode;
}) {
  if (mode === "hash") return <HashRouter>{children}</HashRouter>;
  if (mode === "path") return <BrowserRouter basename={basePath || "/"}>{children}</BrowserRouter>;
  return <MemoryRouter initialEntries={[initialPath ?? "/"]}>{children}</MemoryRouter>;
}
