export { ViewHeader, type ViewHeaderProps, type ViewHeaderAction } from "./view-header.tsx";
export { RoutableTabs, type RoutableTab, type RoutableTabsProps } from "./routable-tabs.tsx";
export { JumpLinksNav, type JumpLinksNavProps, type JumpSection } from "./jump-links-nav.tsx";
export { JUMP_LINK_OFFSET, scrollContainerOf } from "./scroll-container.ts";
export { TabPanel } from "./tab-panel.tsx";
export { TabContent } from "./tab-content.tsx";
