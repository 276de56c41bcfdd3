import { useContext, type ReactNode } from "react";
import { Tab, TabTitleText, Tabs } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { useLocation, useNavigate, useParams } from "react-router";
import { PanelBoundary } from "../boundaries/panel-boundary.tsx";
import { TabContent } from "./tab-content.tsx";
import { RuntimeContext } from "../../runtime/runtime-context.tsx";
import { useExtensionTabs } from "./extension-tabs.tsx";

export interface RoutableTab {
  /** The URL segment, e.g. `attributes` in `#/{realm}/users/{id}/attributes`. */
  key: string;
  title: string;
  content: ReactNode;
  isHidden?: boolean;
}

/** The tab segment of the current route: a `:tab` param, else the first segment of a splat. */
function currentTabSegment(params: Record<string, string | undefined>): string | undefined {
  return params.tab ?? params["*"]?.split("/")[0] ?? undefined;
}

/** The path up to (not including) the tab segment. */
function basePathOf(pathname: string, segment: string | undefined, params: Record<string, string | undefined>): string {
  const trimmed = pathname.replace(/\/+$/, "");
  const tail = params.tab !== undefined ? params.tab : params["*"];
  if (!segment || !tail) return trimmed;
  return trimmed.slice(0, trimmed.length - tail.replace(/\/+$/, "").length - 1);
}

export interface RoutableTabsProps {
  tabs: RoutableTab[];
  "aria-label": string;
  /** Mount the active tab only (default); false keeps visited tabs mounted. */
  unmountInactive?: boolean;
  /**
   * For a route deeper than its tab (`clients/:clientId/clientScopes/:tab`): the active tab's key
   * and the path the tab keys are appended to, instead of the ones read from the URL.
   */
  activeKey?: string;
  basePath?: string;
  /** Puts each tab's content in a TabContent (room below the tab bar). */
  hasSpacedContent?: boolean;
}

/**
 * Tabs whose key lives in the URL (a `/:tab` segment or the route's splat). An unknown or missing
 * segment selects the first tab. Switching navigates, so an UnsavedChangesGuard can hold it.
 * Inside a console runtime, the declarative UI's tabs whose path matches the address follow the screen's own.
 */
export function RoutableTabs(props: RoutableTabsProps) {
  return useContext(RuntimeContext) ? <TabsWithExtensions {...props} /> : <TabsView {...props} extensions={[]} />;
}

function TabsWithExtensions(props: RoutableTabsProps) {
  const params = useParams();
  const { pathname } = useLocation();
  const segment = props.activeKey ?? currentTabSegment(params);
  const base = props.basePath ?? basePathOf(pathname, segment, params);
  const extensions = useExtensionTabs(
    base,
    props.tabs.map((tab) => tab.key),
  );
  return <TabsView {...props} extensions={extensions} />;
}

function TabsView({
  tabs,
  extensions,
  unmountInactive = true,
  activeKey,
  basePath,
  hasSpacedContent = false,
  ...aria
}: RoutableTabsProps & { extensions: RoutableTab[] }) {
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const shown = [...tabs, ...extensions].filter((tab) => !tab.isHidden);
  const segment = activeKey ?? currentTabSegment(params);
  const active = shown.find((tab) => tab.key === segment) ?? shown[0];
  const base = basePath ?? basePathOf(pathname, segment, params);
  return (
    <Tabs
      activeKey={active?.key}
      onSelect={(_event, key) => navigate(`${base}/${String(key)}`)}
      aria-label={aria["aria-label"]}
      mountOnEnter
      unmountOnExit={unmountInactive}
    >
      {shown.map((tab) => (
        <Tab
          key={tab.key}
          eventKey={tab.key}
          title={<TabTitleText>{tab.title}</TabTitleText>}
          data-testid={`tab-${tab.key}`}
        >
          <PanelBoundary resetKey={tab.key}>
            {hasSpacedContent ? <TabContent>{tab.content}</TabContent> : tab.content}
          </PanelBoundary>
        </Tab>
      ))}
    </Tabs>
  );
}
