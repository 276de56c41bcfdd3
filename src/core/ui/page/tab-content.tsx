import type { ReactNode } from "react";
import "./tab-content.css";

/** A tab's content with room between it and the tab bar above it. */
export function TabContent({ children }: { children: ReactNode }) {
  return <div className="kc-tab-content">{children}</div>;
}
