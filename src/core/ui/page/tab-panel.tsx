import type { ReactNode } from "react";
import { TabContentBody } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { PanelBoundary } from "../boundaries/panel-boundary.tsx";

/** A tab's padded body; a throw while rendering it shows an error in the tab, the page stays. */
export function TabPanel({ children }: { children: ReactNode }) {
  return (
    <TabContentBody hasPadding>
      <PanelBoundary>{children}</PanelBoundary>
    </TabContentBody>
  );
}
