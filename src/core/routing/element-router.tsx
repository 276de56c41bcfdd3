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

/** The path the router starts at, read before it renders (to preload that screen's chunk). */
export function initialRouterPath(mode: RoutingMode = "memory", basePath?: string, initialPath?: string): string {
  if (typeof location === "undefined") return initialPath ?? "/";
  if (mode === "hash") return location.hash.replace(/^#/, "").split("?")[0] || "/";
  if (mode === "path") {
    const base = (basePath || "/").replace(/\/$/, "");
    return location.pathname.startsWith(base) ? location.pathname.slice(base.length) || "/" : location.pathname;
  }
  return initialPath ?? "/";
}
