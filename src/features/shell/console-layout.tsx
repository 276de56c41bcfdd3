import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { Page } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { PageErrorBoundary } from "../../core/runtime/page-error-boundary.tsx";
import { ValueBoundary } from "../../core/ui/boundaries/value-boundary.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { ConsoleBanners } from "./console-banners.tsx";
import { ConsoleBreadcrumbs } from "./console-breadcrumbs.tsx";
import { ConsoleMasthead } from "./console-masthead.tsx";
import { ConsoleNavigation } from "./console-navigation.tsx";

/** The PatternFly page: masthead, left navigation, breadcrumbs, banners, the routed screen. */
export function ConsoleLayout() {
  const { pathname } = useLocation();
  return (
    <Page
      masthead={<ConsoleMasthead />}
      sidebar={<ConsoleNavigation />}
      isManagedSidebar
      breadcrumb={
        <ValueBoundary resetKey={pathname}>
          <ConsoleBreadcrumbs />
        </ValueBoundary>
      }
    >
      <ValueBoundary resetKey={pathname}>
        <ConsoleBanners />
      </ValueBoundary>
      <PageErrorBoundary>
        <Suspense fallback={<LoadingSpinner />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </Page>
  );
}
